import SwiftData
import SwiftUI

@main
struct PantryApp: App {
    var body: some Scene {
        WindowGroup {
            ShelfView()
        }
        .modelContainer(for: Item.self, migrationPlan: PantryMigrationPlan.self)
    }
}

typealias Item = PantrySchemaV3.Item
