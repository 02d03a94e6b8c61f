import SwiftUI
import SwiftData

@main
struct ResourcesApp: App {
    var body: some Scene {
        WindowGroup {
            ItemsView()
        }
        .modelContainer(for: Item.self, migrationPlan: ResourcesPlan.self)
    }
}
