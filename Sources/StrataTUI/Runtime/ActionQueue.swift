import Foundation

// Safe: the queued actions are read and written only under `lock`.
/// Actions posted by background work, drained by the UI thread.
package final class ActionQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [Action] = []
    /// Signalled by every post, so that the UI's wait for input ends when there is something to show.
    package let wakeup = Wakeup()

    /// An empty queue.
    package init() {}

    /// Adds an action (from any thread).
    package func post(_ action: Action) {
        lock.lock()
        actions.append(action)
        lock.unlock()
        wakeup.signal()
    }

    /// Takes every posted action, oldest first.
    package func drain() -> [Action] {
        lock.lock()
        defer { lock.unlock() }
        let taken = actions
        actions = []
        return taken
    }
}
