import Foundation
import SwiftData

enum HabitMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [HabitSchemaV1.self, HabitSchemaV2.self] }
    static var stages: [MigrationStage] { [labelStreaks] }

    /// 2.0 shows each habit's progress beside it: written once here, then kept up to date by the app.
    static let labelStreaks = MigrationStage.custom(
        fromVersion: HabitSchemaV1.self,
        toVersion: HabitSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            for habit in try context.fetch(FetchDescriptor<HabitSchemaV2.Habit>()) {
                habit.streakLabel = habit.progressText()
                print("\(habit.title): \(habit.streakLabel)")
            }
            try context.save()
        }
    )
}
