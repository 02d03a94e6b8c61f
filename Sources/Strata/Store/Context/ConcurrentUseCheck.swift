import Foundation

// Safe: its state changes under `lock`, or, for nested uses, only on the thread that holds the outermost use.
/// Stops a program that uses one `ModelContext` from two threads at the same time, naming the context and both
/// uses, before its tables of objects are corrupted (in the spirit of GRDB's `SchedulingWatchdog`).
///
/// A context may move between threads (an actor's executor, an async test hopping threads): only overlapping
/// uses are caught. Nested uses on one thread (a save that fetches, user code inside `enumerate`) count as one.
/// The outermost use takes an uncontended lock; the uses nested in it (a property change or an object's release
/// inside `enumerate`, several a row) find in a thread-local value that their thread is inside the context and
/// take no lock (see BENCHMARKS.md).
final class ConcurrentUseCheck: @unchecked Sendable {
    /// The thread-local value naming the check whose outermost use the thread opened last (nil: none). Nil when the
    /// process has no thread-local key left: every use then takes the lock.
    private static let innermostOwned: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// `innermostOwned`, copied when the check is made: each use then reads a field instead of asking the run time
    /// whether the static is initialised (a call per use, several a row).
    private let key = ConcurrentUseCheck.innermostOwned
    private let lock = NSLock()
    /// The thread inside the context, while `depth` > 0.
    private var owner = pthread_self()
    /// How many uses of the owner thread are open through the lock.
    private var depth = 0
    /// The outermost open use.
    private var use: StaticString = ""
    /// How many uses the owner thread opened while the thread-local value named this check (no lock: only that
    /// thread touches it, and the lock orders it before any later owner).
    private var unlockedUses = 0
    /// The thread-local value before the owner's outermost use, put back when it closes.
    private var outerOwned: UnsafeMutableRawPointer?

    /// This check as the thread-local value.
    private var marker: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Opens a use named `use` (such as `fetch(_:)`) of the context described by `context`; stops the program
    /// when another thread is inside the context.
    @inline(__always)
    func enter(_ use: StaticString, of context: @autoclosure () -> String) {
        if let key, pthread_getspecific(key) == marker {
            unlockedUses += 1
            return
        }
        let thread = pthread_self()
        lock.lock()
        if depth > 0, pthread_equal(owner, thread) == 0 {
            let (other, otherThread) = (self.use, owner)
            lock.unlock()
            fatalError(
                """
                \(context()) was used from two threads at once: \(use) on thread \(thread)\
                \(Thread.isMainThread ? " (the main thread)" : "") while \(other) runs on thread \(otherThread). A ModelContext is not thread-safe and this would corrupt it: \
                give each thread or task its own context (ModelContext(container)), or use a @ModelActor.
                """)
        }
        if depth == 0 {
            owner = thread
            self.use = use
            if let key {
                outerOwned = pthread_getspecific(key)
                pthread_setspecific(key, marker)
            }
        }
        depth += 1
        lock.unlock()
    }

    /// Closes the innermost use opened by this thread. Uses close in the reverse order of opening, so while the
    /// thread-local value names this check, the innermost open use is an unlocked one if any is open.
    @inline(__always)
    func leave() {
        if let key, pthread_getspecific(key) == marker, unlockedUses > 0 {
            unlockedUses -= 1
            return
        }
        lock.lock()
        depth -= 1
        if depth == 0, let key { pthread_setspecific(key, outerOwned) }
        lock.unlock()
    }
}
