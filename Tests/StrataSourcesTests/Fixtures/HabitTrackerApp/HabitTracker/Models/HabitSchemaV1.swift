import Foundation
import SwiftData

enum HabitSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Habit.self] }

    @Model
    final class Habit {
        var title: String
        var goalCount: Int
        var completedCount: Int

        init(title: String, goalCount: Int, completedCount: Int) {
            self.title = title
            self.goalCount = goalCount
            self.completedCount = completedCount
        }
    }
}
