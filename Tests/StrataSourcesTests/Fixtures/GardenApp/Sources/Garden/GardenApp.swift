import SwiftData
import SwiftUI

@main
struct GardenApp: App {
    var body: some Scene {
        WindowGroup {
            PlantList()
        }
        .modelContainer(for: Plant.self)
    }
}
