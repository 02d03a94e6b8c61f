import MealData
import SwiftUI

@main
struct MealPlanApp: App {
    var body: some Scene {
        WindowGroup { Text("Meals") }
    }
}
