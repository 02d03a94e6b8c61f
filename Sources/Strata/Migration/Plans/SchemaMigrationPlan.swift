/// The versions of a schema, oldest first, and the stages that migrate a store between them.
public protocol SchemaMigrationPlan {
    /// Every version, oldest first.
    static var schemas: [any VersionedSchema.Type] { get }
    /// The stages, each from one version to the next (or back, for a downgrade).
    static var stages: [MigrationStage] { get }
    /// The newest version; plans of the older shape declare it instead of `schemas`.
    static var currentSchema: any VersionedSchema.Type { get }
}

extension SchemaMigrationPlan {
    /// The versions the stages name, in the order they first appear, then the current schema.
    public static var schemas: [any VersionedSchema.Type] {
        var result: [any VersionedSchema.Type] = []
        for schema in stages.flatMap({ [$0.fromVersion, $0.toVersion] }) + [currentSchema]
        where !result.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(schema) }) {
            result.append(schema)
        }
        return result
    }

    /// The last version a stage leads to (or an empty schema for a plan without stages).
    public static var currentSchema: any VersionedSchema.Type {
        stages.last?.toVersion ?? EmptyVersionedSchema.self
    }
}

/// The schema of a plan that names no versions at all: no models, version 0.0.0.
public enum EmptyVersionedSchema: VersionedSchema {
    /// 0.0.0.
    public static var versionIdentifier: Schema.Version { Schema.Version(0, 0, 0) }
    /// None.
    public static var models: [any PersistentModel.Type] { [] }
}
