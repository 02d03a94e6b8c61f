import SwiftData

enum ChoresMigrationPlan: @preconcurrency SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [ChoresSchemaV1.self, ChoresSchemaV2.self, ChoresSchemaV3.self]
    }

    @MainActor static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3]
    }

    @MainActor static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: ChoresSchemaV1.self,
        toVersion: ChoresSchemaV2.self
    )

    @MainActor static let migrateV2toV3 = SwiftData.MigrationStage.lightweight(
        fromVersion: ChoresSchemaV2.self,
        toVersion: ChoresSchemaV3.self
    )
}
