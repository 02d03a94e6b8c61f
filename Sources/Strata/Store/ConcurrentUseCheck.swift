import Foundation

/// Stops a program that uses one `ModelContext` from two threads at the same time, naming the context and both
/// uses, before its tables of objects are corrupted (in the spirit of GRDB's `SchedulingWatchdog`).
///
/// A context may move between threads (an actor's executor, an async test hopping threads): only overlapping
/// uses are caught. Nested uses on one thread (a save that fetches, user code inside `enumerate`) count as one.
/// The cost is one uncontended lock per context operation, cheap enough to leave on (see BENCHMARKS.md).
final class ConcurrentUseCheck: @unchecked Sendable {
    private let lock = NSLock()
    /// The thread inside the context, while `depth` > 0.
    private var owner = pthread_self()
    /// How many uses of the owner thread are open.
    private var depth = 0
    /// The outermost open use.
    private var use: StaticString = ""

    /// Opens a use named `use` (such as `fetch(_:)`) of the context described by `context`; stops the program
    /// when another thread is inside the context.
    @inline(__always)
    func enter(_ use: StaticString, of context: @autoclosure () -> String) {
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
        }
        depth += 1
        lock.unlock()
    }

    /// Closes the innermost use opened by this thread.
    @inline(__always)
    func leave() {
        lock.lock()
        depth -= 1
        lock.unlock()
    }
}
