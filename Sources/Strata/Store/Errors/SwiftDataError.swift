/// SwiftData's error type, with its cases: Strata throws one where it fails for the reason SwiftData names
/// (opening a container, see the README), carrying Strata's own error, whose message names the store and the fix.
///
/// Two values are equal when their cases are, whatever they carry, so apps compare and match as with SwiftData:
/// `catch SwiftDataError.loadIssueModelContainer`, `error as? SwiftDataError == .backwardMigration`.
public struct SwiftDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The case, by the name SwiftData gives it.
    private let name: String
    /// Strata's error behind this one, if it threw one.
    public let underlyingError: (any Error & Sendable)?

    private init(_ name: String, underlyingError: (any Error & Sendable)? = nil) {
        self.name = name
        self.underlyingError = underlyingError
    }

    /// This case, carrying `error` (Strata's reason).
    func carrying(_ error: any Error & Sendable) -> SwiftDataError {
        SwiftDataError(name, underlyingError: error)
    }

    /// The case, then Strata's message when there is one.
    public var description: String {
        underlyingError.map { "SwiftDataError.\(name): \($0)" } ?? "SwiftDataError.\(name)"
    }

    /// Equal when the cases are.
    public static func == (lhs: SwiftDataError, rhs: SwiftDataError) -> Bool { lhs.name == rhs.name }

    /// Hashes the case.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// True when `error` is a `SwiftDataError` of this case: `catch SwiftDataError.loadIssueModelContainer`.
    public static func ~= (lhs: SwiftDataError, rhs: any Error) -> Bool {
        (rhs as? SwiftDataError) == lhs
    }

    // MARK: Fetch errors (Strata runs such fetches instead: predicates and sorts SQL cannot express run in memory)

    /// A fetch in batches asked to include unsaved changes.
    public static let includePendingChangesWithBatchSize = SwiftDataError("includePendingChangesWithBatchSize")
    /// A fetch of identifiers sorted while unsaved changes are included.
    public static let sortingPendingChangesWithIdentifiers = SwiftDataError("sortingPendingChangesWithIdentifiers")
    /// A key path the store cannot follow.
    public static let unsupportedKeyPath = SwiftDataError("unsupportedKeyPath")
    /// A predicate the store cannot run.
    public static let unsupportedPredicate = SwiftDataError("unsupportedPredicate")
    /// A sort descriptor the store cannot order by.
    public static let unsupportedSortDescriptor = SwiftDataError("unsupportedSortDescriptor")

    // MARK: Configuration errors

    /// A configuration's name holds a character a file name cannot (`/`, NUL).
    public static let configurationFileNameContainsInvalidCharacters = SwiftDataError(
        "configurationFileNameContainsInvalidCharacters")
    /// A configuration's name makes a file name longer than the file system allows (255 bytes).
    public static let configurationFileNameTooLong = SwiftDataError("configurationFileNameTooLong")
    /// A configuration's schema has an entity the container's schema has not.
    public static let configurationSchemaNotFoundInContainerSchema = SwiftDataError(
        "configurationSchemaNotFoundInContainerSchema")
    /// Two configurations of one container name the same store.
    public static let duplicateConfiguration = SwiftDataError("duplicateConfiguration")

    // MARK: Container errors

    /// The container could not load its store: no store, a version the plan does not know or cannot reach.
    public static let loadIssueModelContainer = SwiftDataError("loadIssueModelContainer")

    // MARK: Context errors

    /// A model failed validation.
    public static let modelValidationFailure = SwiftDataError("modelValidationFailure")
    /// A model had no context where one was needed.
    public static let missingModelContext = SwiftDataError("missingModelContext")

    // MARK: Migration errors

    /// The store is at a newer version of the plan than the models it is opened with.
    public static let backwardMigration = SwiftDataError("backwardMigration")
    /// A schema the migration does not know.
    public static let unknownSchema = SwiftDataError("unknownSchema")
    /// The store's schema is none of the plan's (SwiftData throws it from macOS 27 and iOS 27 on, and
    /// `loadIssueModelContainer` before; Strata throws `loadIssueModelContainer`, as apps written for both expect).
    public static let unknownDataStoreSchema = SwiftDataError("unknownDataStoreSchema")

    // MARK: History errors (Strata keeps no change history)

    /// A history token older than the history the store keeps.
    public static let historyTokenExpired = SwiftDataError("historyTokenExpired")
    /// A history fetch request SwiftData cannot run.
    public static let invalidTransactionFetchRequest = SwiftDataError("invalidTransactionFetchRequest")
}

extension SwiftDataError {
    /// The `SwiftDataError` SwiftData throws where opening a container fails as `error` says, carrying it: the
    /// store's own state (no store, a version the plan does not know or cannot reach, a newer one). Nil for
    /// mistakes in the app's code (an invalid plan or schema, a stage that throws), which no new store would fix,
    /// and for failures that are no fault of the store (read-only, locked, disk full, I/O): apps that start over
    /// with a new store on `loadIssueModelContainer` must not lose a store for them.
    static func opening(_ error: any Error) -> SwiftDataError? {
        switch error {
        case let error as MigrationError:
            switch error {
            case .noPath(_, let from, let to, _):
                if let from, let to, from > to {
                    return backwardMigration.carrying(error)
                }
                return loadIssueModelContainer.carrying(error)
            case .unknownStoreVersion, .anotherPlansStore, .modifiedSchema, .unrecordedColumns:
                return loadIssueModelContainer.carrying(error)
            default:
                return nil
            }
        case let error as StrataError:
            switch error {
            case .notAStore, .corruptMetadata, .schemaMismatch:
                return loadIssueModelContainer.carrying(error)
            default:
                return nil
            }
        default:
            return nil
        }
    }
}
