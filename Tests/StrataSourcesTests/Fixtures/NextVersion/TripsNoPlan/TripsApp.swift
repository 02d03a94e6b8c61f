import SwiftData
import SwiftUI

@main
struct TripsApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Trips")
        }
        .modelContainer(for: [Trip.self, Stop.self])
    }
}
