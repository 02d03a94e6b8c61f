import SwiftData
import SwiftUI

@main
struct PantryApp: App {
    var container: ModelContainer = {
        do {
            return try ModelContainer(
                for: Schema(versionedSchema: PantrySchemaV2.self),
                migrationPlan: PantryMigrationPlan.self)
        } catch {
            fatalError("Could not open the pantry: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup {
            ShelfView()
        }
        .modelContainer(container)
    }
}
