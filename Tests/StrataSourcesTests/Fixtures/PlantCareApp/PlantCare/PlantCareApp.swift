import SwiftData
import SwiftUI

@main
struct PlantCareApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Plants")
        }
        .modelContainer(for: PlantSchemaV2.Plant.self)
    }
}
