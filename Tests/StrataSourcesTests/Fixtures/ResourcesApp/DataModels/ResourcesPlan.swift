import SwiftData

enum ResourcesPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ResourcesSchemaV1.self, ResourcesSchemaV2.self] }

    static var stages: [MigrationStage] { [migrateV1toV2] }

    static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: ResourcesSchemaV1.self,
        toVersion: ResourcesSchemaV2.self
    )
}
