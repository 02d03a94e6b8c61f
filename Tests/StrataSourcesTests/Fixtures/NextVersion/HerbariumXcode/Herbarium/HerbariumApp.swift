import SwiftData
import SwiftUI

@main
struct HerbariumApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Herbarium")
        }
        .modelContainer(for: Schema(versionedSchema: HerbariumSchemaV2.self), migrationPlan: HerbariumMigrationPlan.self)
    }
}
