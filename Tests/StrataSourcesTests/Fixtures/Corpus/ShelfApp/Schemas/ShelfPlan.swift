import SwiftData

/// Every step is inferred: the plan lists its versions and no stages.
enum ShelfPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShelfApp.ShelfSchemaV1.self, ShelfSchemaV2.self] }
    static var stages: [MigrationStage] { [] }
}
