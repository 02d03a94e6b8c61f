import Foundation
import SwiftData

enum RecipesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [RecipesSchemaV1.self, RecipesSchemaV2.self, RecipesSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3]
    }

    /// Names become unique and capitalised before the constraint applies; each recipe then gets its difficulty.
    static var migrateV1toV2: MigrationStage {
        MigrationStage.custom(
            fromVersion: RecipesSchemaV1.self,
            toVersion: RecipesSchemaV2.self,
            willMigrate: { context in
                var seen: Set<String> = []
                for recipe in try context.fetch(FetchDescriptor<RecipesSchemaV1.Recipe>()) {
                    recipe.name = recipe.name.capitalized
                    while seen.contains(recipe.name) { recipe.name += " (again)" }
                    seen.insert(recipe.name)
                }
                try context.save()
            },
            didMigrate: { context in
                for recipe in try context.fetch(FetchDescriptor<RecipesSchemaV2.Recipe>()) {
                    recipe.difficulty = Difficulty.of(minutes: recipe.minutes)
                }
                try context.save()
            }
        )
    }

    static let migrateV2toV3 = MigrationStage.lightweight(
        fromVersion: RecipesSchemaV2.self, toVersion: RecipesSchemaV3.self)
}
