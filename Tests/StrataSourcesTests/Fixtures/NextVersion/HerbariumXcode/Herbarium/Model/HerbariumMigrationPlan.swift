import SwiftData

enum HerbariumMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [HerbariumSchemaV1.self, HerbariumSchemaV2.self]
    }

    static var stages: [MigrationStage] {
        [addSite]
    }

    static let addSite = MigrationStage.lightweight(fromVersion: HerbariumSchemaV1.self, toVersion: HerbariumSchemaV2.self)
}
