import Strata

/// How a run of stages ended, as the session reports it; the reducer words it for the message line.
package enum RunEnd: Sendable {
    /// Every stage asked for ran.
    case completed
    /// The running stage was cancelled and rolled back.
    case cancelled
    /// A stage failed (it rolled back).
    case failed(MigrationFailure)
    /// The engine refused the next stage, a custom stage without code (``MigrationError/stageWithoutCode``).
    case notRun(MigrationError)
    /// Nothing could run: the session has no plan, or the store is a SwiftData / Core Data store (read-only here).
    case refused(RunRefusal)

    /// The error to show, nil when the run completed or was cancelled.
    var errorMessage: String? {
        switch self {
        case .completed, .cancelled: nil
        case .failed(let failure): failure.description
        case .notRun(let error): error.description
        case .refused(let refusal): refusal.description
        }
    }
}

/// Why the session could not run stages at all.
package enum RunRefusal: Sendable, CustomStringConvertible {
    /// The session was opened without a plan.
    case noPlan
    /// The store is a SwiftData / Core Data store, which the UI reads but does not migrate.
    case appleStore

    /// The message, with what to do.
    package var description: String {
        switch self {
        case .noPlan: "No plan to run: open the store with --plan NAME."
        case .appleStore: "A SwiftData / Core Data store is read-only: import it to run the plan on its rows."
        }
    }
}
