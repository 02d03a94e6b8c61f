import SwiftData

/// Version 2 fills its new properties from their defaults; version 3 needs no stage of its own (inferred).
enum PantryMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [PantrySchemaV1.self, PantrySchemaV2.self, PantrySchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: PantrySchemaV1.self,
        toVersion: PantrySchemaV2.self
    )
}
