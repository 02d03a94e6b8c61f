/// A stage's failure as reports carry it: the error itself, typed, and a stable kind for code and scripts, so that
/// no caller keeps the message and parses it back.
public struct MigrationFailure: Error, Sendable, CustomStringConvertible {
    /// The error the stage (or the engine before it) threw.
    public let error: any Error

    /// The failure of `error`.
    public init(_ error: any Error) { self.error = (error as? MigrationFailure)?.error ?? error }

    /// Which failure: ``MigrationError/Kind`` or ``StrataError/Kind``'s raw value for Strata's errors (the JSON's
    /// `failureKind`: "stage-closure-failed", "validation-failed", "database"…), "other" for an error of another type.
    public var kind: String {
        switch error {
        case let error as MigrationError: error.kind.rawValue
        case let error as StrataError: error.kind.rawValue
        default: "other"
        }
    }

    /// True when the stage was cancelled and rolled back (``MigrationError/cancelled(stage:)``).
    public var isCancellation: Bool { (error as? MigrationError)?.kind == .cancelled }

    /// The error's message.
    public var description: String { "\(error)" }
}
