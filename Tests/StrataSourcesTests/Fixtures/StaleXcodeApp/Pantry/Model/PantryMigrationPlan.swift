import SwiftData

enum PantryMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [PantrySchemaV1.self, PantrySchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [addBestBefore]
    }

    static let addBestBefore = MigrationStage.lightweight(
        fromVersion: PantrySchemaV1.self,
        toVersion: PantrySchemaV2.self
    )
}
