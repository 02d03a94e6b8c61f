import Dispatch

// Safe: its jobs run one at a time on its private serial queue, the only place its context is used.
/// The executor `@ModelActor` gives an actor: its jobs run one at a time on a private serial queue, so the
/// actor's context is used from one thread at a time (not always the same thread).
public final class DefaultSerialModelExecutor: SerialModelExecutor, @unchecked Sendable {
    /// The actor's context; only the actor's jobs, run by this executor, use it.
    public let modelContext: ModelContext
    private let queue = DispatchQueue(label: "Strata.DefaultSerialModelExecutor")

    /// An executor running an actor with `modelContext`.
    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    /// Runs a job of the actor after the ones enqueued before it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// This executor, unowned, as the actor's executor.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
