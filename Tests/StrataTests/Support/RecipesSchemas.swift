import Foundation
import Strata

/// A recipes app restructuring its model the way SwiftData apps do when a lightweight stage cannot: willMigrate
/// reads every old recipe into memory and deletes it, didMigrate inserts the replacements (cooking time in seconds
/// instead of minutes, a servings count), drops the retired "Toast" and seeds a new "Water" recipe. The name is
/// unique in both versions, so the reinserted rows can be paired with the deleted ones.
enum RecipesV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Recipe.self] }

    @Model final class Recipe {
        @Attribute(.unique) var name: String
        var minutes: Int
        var notes: String?

        init(name: String, minutes: Int, notes: String? = nil) {
            self.name = name
            self.minutes = minutes
            self.notes = notes
        }
    }
}

enum RecipesV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Recipe.self] }

    @Model final class Recipe {
        @Attribute(.unique) var name: String
        var durationSeconds: Int
        var servings: Int
        var notes: String?

        init(name: String, durationSeconds: Int, servings: Int, notes: String? = nil) {
            self.name = name
            self.durationSeconds = durationSeconds
            self.servings = servings
            self.notes = notes
        }
    }
}

/// The plan: one custom stage that deletes every recipe and inserts its replacement.
enum RecipesPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [RecipesV1.self, RecipesV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }

    /// What willMigrate read, for didMigrate (the way apps carry data across the two closures).
    nonisolated(unsafe) static var carried: [(name: String, minutes: Int, notes: String?)] = []

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: RecipesV1.self, toVersion: RecipesV2.self,
        willMigrate: { context in
            let old = try context.fetch(FetchDescriptor<RecipesV1.Recipe>(sortBy: [SortDescriptor(\.name)]))
            carried = old.map { ($0.name, $0.minutes, $0.notes) }
            for recipe in old { context.delete(recipe) }
            try context.save()
        },
        didMigrate: { context in
            for recipe in carried where recipe.name != "Toast" {
                context.insert(
                    RecipesV2.Recipe(
                        name: recipe.name, durationSeconds: recipe.minutes * 60, servings: 2, notes: recipe.notes))
            }
            context.insert(RecipesV2.Recipe(name: "Water", durationSeconds: 0, servings: 1))
            try context.save()
        })
}

/// A V1 recipes store: Pancakes, Soup (no notes), Toast and Tea, inserted in that order.
func makeRecipesV1(at url: URL) throws {
    let container = try ModelContainer(
        for: Schema(versionedSchema: RecipesV1.self), configurations: ModelConfiguration(url: url))
    let context = ModelContext(container)
    for (name, minutes, notes) in [
        ("Pancakes", 20, "rest the batter"), ("Soup", 45, nil), ("Toast", 3, "butter"), ("Tea", 5, "no sugar"),
    ] as [(String, Int, String?)] {
        context.insert(RecipesV1.Recipe(name: name, minutes: minutes, notes: notes))
    }
    try context.save()
}
