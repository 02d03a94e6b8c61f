import SwiftData
import SwiftUI

@main
struct HabitTrackerApp: App {
    var body: some Scene {
        WindowGroup {
            HabitList()
        }
        .modelContainer(for: HabitSchemaV2.Habit.self)
    }
}

struct HabitList: View {
    @Query(sort: \HabitSchemaV2.Habit.title) private var habits: [HabitSchemaV2.Habit]

    var body: some View {
        List(habits) { habit in
            HStack {
                Circle().fill(habit.color).frame(width: 12, height: 12)
                Text(habit.title)
                Spacer()
                Text(habit.streakLabel).foregroundStyle(habit.isMuted ? .secondary : .primary)
            }
            .accessibilityLabel(habit.accessibilitySummary)
        }
    }
}
