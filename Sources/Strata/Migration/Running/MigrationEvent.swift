import Foundation

/// What a running migration reports, in order, from the thread that runs it.
public enum MigrationEvent: Sendable {
    /// A stage began; `totalRows` is the number of rows it expects to copy (rebuilds) and save (`didMigrate`,
    /// estimated as every row of the entities the stage changes).
    case stageStarted(index: Int, count: Int, stage: StageID, totalRows: Int)
    /// A step of the stage began (a closure, a rebuild, an index, a validation).
    case step(stage: StageID, summary: String)
    /// Rows copied and saved so far in the stage (`totalRows` grows if `didMigrate` saves more than expected).
    case progress(stage: StageID, rowsDone: Int, totalRows: Int)
    /// Something the stage does that a person should know, such as data a removal drops (sent after `stageStarted`).
    case warning(stage: StageID, message: String)
    /// A stage committed.
    case stageFinished(stage: StageID, duration: TimeInterval, rows: Int)
    /// A stage failed and rolled back.
    case stageFailed(stage: StageID, failure: MigrationFailure)
    /// A line a stage's closure printed or logged (see ``StageOutput``), in order with the stage's other events.
    case output(stage: StageID, line: String)
    /// A file a stage of a dry run wrote in a folder it took for Application Support, Documents, Caches or an app
    /// group's container (see ``StageDirectories``): its path under the dry run's temporary folder, removed afterwards.
    case sideFile(stage: StageID, path: String)
}

// Safe: `cancelled` is read and written only under `lock`.
/// Asks a running migration to stop: the running stage rolls back at its next step or chunk.
public final class MigrationCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    /// Creates a token that is not cancelled.
    public init() {}

    /// Requests cancellation.
    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Clears a cancellation once the stage it stopped has rolled back (``Migrator/resumeAfterCancel()``).
    func reset() {
        lock.lock()
        cancelled = false
        lock.unlock()
    }

    /// True once cancellation was requested.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
