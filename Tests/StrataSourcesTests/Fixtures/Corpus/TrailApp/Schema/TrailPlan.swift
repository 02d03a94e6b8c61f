import SwiftData

enum TrailPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        #if os(watchOS)
        [TrailSchemaV1.self, TrailSchemaV2.self]
        #else
        [TrailSchemaV1.self, TrailSchemaV2.self, TrailSchemaV3.self]
        #endif
    }

    static var stages: [MigrationStage] {
        #if os(watchOS)
        [addWaypoints]
        #else
        [addWaypoints, addEffort]
        #endif
    }

    static let addWaypoints = MigrationStage.lightweight(
        fromVersion: TrailSchemaV1.self, toVersion: TrailSchemaV2.self)

    #if !os(watchOS)
    static let addEffort = MigrationStage.lightweight(
        fromVersion: TrailSchemaV2.self, toVersion: TrailSchemaV3.self)
    #endif
}
