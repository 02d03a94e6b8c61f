// Safe: an immutable value; its closures run only on the thread that runs the stage (plans keep stages as static constants, as SwiftData's do).
/// One step of a migration plan: from one version to another, lightweight or with custom code.
public enum MigrationStage: @unchecked Sendable, CustomStringConvertible {
    /// A change Strata derives from the two schemas alone.
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// A change with code: `willMigrate` runs on the old version's models, `didMigrate` on the new version's.
    case custom(
        fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
        willMigrate: ((ModelContext) throws -> Void)?, didMigrate: ((ModelContext) throws -> Void)?)

    /// The version the stage starts from.
    public var fromVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(let from, _), .custom(let from, _, _, _): from
        }
    }

    /// The version the stage leads to.
    public var toVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(_, let to), .custom(_, let to, _, _): to
        }
    }

    /// `.lightweight` or `.custom`.
    public var kind: PlannedStage.Kind {
        if case .lightweight = self { .lightweight } else { .custom }
    }

    /// "lightweight 1.0.0 -> 2.0.0" or "custom 2.0.0 -> 3.0.0".
    public var description: String {
        "\(kind.rawValue) \(fromVersion.versionIdentifier) -> \(toVersion.versionIdentifier)"
    }
}
