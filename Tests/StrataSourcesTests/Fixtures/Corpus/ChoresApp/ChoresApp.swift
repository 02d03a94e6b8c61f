import SwiftData
import SwiftUI

@main
struct ChoresApp: App {
    let container: ModelContainer = {
        do {
            return try ModelContainer(for: ChoresSchemaV3.Chore.self, migrationPlan: ChoresMigrationPlan.self)
        } catch {
            fatalError("Could not open the chores store: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup { Text("Chores") }
            .modelContainer(container)
    }
}
