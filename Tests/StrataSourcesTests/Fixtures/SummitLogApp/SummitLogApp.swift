import SwiftData
import SwiftUI

/// A hiking log that syncs every hike through the user's private CloudKit database.
@main
struct SummitLogApp: App {
    static let containerIdentifier = "iCloud.com.example.summitlog"

    let container: ModelContainer = {
        let schema = Schema(versionedSchema: SummitSchemaV2.self)
        let synced = ModelConfiguration(
            schema: schema,
            cloudKitDatabase: .private(SummitLogApp.containerIdentifier)
        )
        do {
            return try ModelContainer(
                for: schema, migrationPlan: SummitMigrationPlan.self, configurations: [synced])
        } catch {
            fatalError("The hike log could not open its store: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup {
            Text("Summit Log")
        }
        .modelContainer(container)
    }
}
