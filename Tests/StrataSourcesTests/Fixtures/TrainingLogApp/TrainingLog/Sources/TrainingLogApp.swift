import SwiftData
import SwiftUI

@main
struct TrainingLogApp: App {
    var body: some Scene {
        WindowGroup { ExerciseList() }
            .modelContainer(for: Exercise.self)
    }
}
