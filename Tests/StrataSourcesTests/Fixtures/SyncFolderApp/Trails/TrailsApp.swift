import SwiftData
import SwiftUI

@main
struct TrailsApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Trails")
        }
        .modelContainer(for: Trail.self, migrationPlan: TrailsMigrationPlan.self)
    }
}
