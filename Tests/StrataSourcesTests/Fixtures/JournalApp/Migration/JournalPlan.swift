import SwiftData

enum JournalPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [JournalSchemaV1.self, JournalSchemaV2.self, JournalSchemaV3.self, JournalSchemaV4.self]
    }

    static var stages: [MigrationStage] {
        [migrateV2toV3]
    }

    static let migrateV2toV3 = MigrationStage.lightweight(
        fromVersion: JournalSchemaV2.self,
        toVersion: JournalSchemaV3.self
    )
}
