import SwiftData
import SwiftUI

@main
struct RecipesApp: App {
    var body: some Scene {
        WindowGroup {
            RecipeList()
        }
        .modelContainer(for: Recipe.self, migrationPlan: RecipesMigrationPlan.self)
    }
}
