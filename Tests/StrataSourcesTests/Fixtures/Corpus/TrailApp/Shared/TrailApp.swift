import SwiftData
import SwiftUI

// One target per platform shares these files; the watch app stops at 2.0.
@main
struct TrailApp: App {
    var body: some Scene {
        WindowGroup { Text("Trails") }
            #if os(watchOS)
            .modelContainer(for: TrailSchemaV2.Hike.self, migrationPlan: TrailPlan.self)
            #else
            .modelContainer(for: TrailSchemaV3.Hike.self, migrationPlan: TrailPlan.self)
            #endif
    }
}
