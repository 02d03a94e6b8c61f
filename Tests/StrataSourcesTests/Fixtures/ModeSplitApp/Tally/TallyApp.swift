import SwiftData
import SwiftUI

@main
struct TallyApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Tally")
        }
        .modelContainer(for: Counter.self, migrationPlan: TallyMigrationPlan.self)
    }
}
