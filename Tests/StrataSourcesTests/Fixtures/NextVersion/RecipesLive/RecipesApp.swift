import SwiftData
import SwiftUI

@main
struct RecipesApp: App {
    let container: ModelContainer = {
        // The live models, migrated by the plan.
        try! ModelContainer(for: Recipe.self, migrationPlan: RecipesMigrationPlan.self)
    }()

    var body: some Scene {
        WindowGroup { Text("Recipes") }
            .modelContainer(container)
    }
}
