import SwiftData

enum ShelfMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShelfSchemaV1.self, ShelfSchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: ShelfSchemaV1.self, toVersion: ShelfSchemaV2.self)
}
