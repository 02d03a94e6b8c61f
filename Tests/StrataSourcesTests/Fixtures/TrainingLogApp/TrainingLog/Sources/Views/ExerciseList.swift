import SwiftData
import SwiftUI

struct ExerciseList: View {
    @Query(sort: \Exercise.name) private var exercises: [Exercise]

    var body: some View {
        List(exercises) { exercise in
            Text(exercise.label)
                .foregroundStyle(Color(hex: TrainingConstants.defaultTint))
                .sensoryFeedback(TrainingConstants.saveFeedback, trigger: exercises.count)
        }
    }
}
