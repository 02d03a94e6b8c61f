import Routes
import SwiftData
import SwiftUI

@main
struct CragApp: App {
    var body: some Scene {
        WindowGroup { Text("Crag") }
            .modelContainer(for: Climb.self, isAutosaveEnabled: true)
    }
}
