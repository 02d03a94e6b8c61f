import Foundation
import SwiftData
import SwiftUI

enum HabitSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Habit.self] }

    @Model
    final class Habit {
        var title: String
        var goalCount: Int
        var completedCount: Int
        /// The swatch as 0xRRGGBB; green until the user picks one.
        var hexColor: Int = 0x34C759
        var streakLabel: String = ""

        /// Swatches already made, by hex value: the list redraws often.
        private static var swatchCache: [Int: Color] = [:]

        init(title: String, goalCount: Int, completedCount: Int) {
            self.title = title
            self.goalCount = goalCount
            self.completedCount = completedCount
        }

        /// The list row's swatch.
        var color: Color {
            if let cached = Habit.swatchCache[hexColor] { return cached }
            let made = Color(
                red: Double((hexColor >> 16) & 0xFF) / 255, green: Double((hexColor >> 8) & 0xFF) / 255,
                blue: Double(hexColor & 0xFF) / 255)
            Habit.swatchCache[hexColor] = made
            return made
        }

        /// Grey habits are paused: their streak is drawn dimmed.
        var isMuted: Bool { color == .gray }

        /// The swatch's name as VoiceOver reads it.
        var spokenColor: String {
            let swatch: Color = color
            return swatch == .green ? "green" : "a custom colour"
        }

        /// The row as VoiceOver reads it.
        var accessibilitySummary: String { "\(title), \(streakLabel), \(spokenColor)" }

        /// How far the habit is, as the list's trailing label shows it.
        func progressText() -> String {
            StreakFormatter.text(done: completedCount, goal: goalCount)
        }
    }
}
