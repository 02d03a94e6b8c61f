import SwiftData

// The plan: each release adds its version here.
enum RecipesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [
            RecipesSchemaV1.self,
            RecipesSchemaV2.self,
        ]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: RecipesSchemaV1.self,
        toVersion: RecipesSchemaV2.self
    )
}
