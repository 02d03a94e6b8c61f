import Foundation
import SwiftData
import UserNotifications
import WidgetKit

enum PlantSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model
    final class Plant {
        var name: String
        var intervalDays: Int
        /// The home-screen widget counts down from it, so it redraws whenever the plant is watered.
        var lastWatered: Date = Date.distantPast {
            didSet { WidgetCenter.shared.reloadAllTimelines() }
        }
        /// The hour of the daily watering reminder, or -1 for none.
        var reminderHour: Int = -1 {
            didSet { rescheduleReminder() }
        }
        /// The line the widget shows under the name, kept free of stray spaces from the text field.
        var careNote: String = "" {
            didSet {
                let trimmed = careNote.trimmingCharacters(in: .whitespaces)
                if trimmed != careNote { careNote = trimmed }
            }
        }

        init(name: String, intervalDays: Int) {
            self.name = name
            self.intervalDays = intervalDays
        }

        /// The identifier of the plant's pending reminder.
        var reminderID: String { "water-\(name)" }

        /// Replaces the plant's pending reminder with one at `reminderHour`.
        func rescheduleReminder() {
            let center = UNUserNotificationCenter.current()
            center.removePendingNotificationRequests(withIdentifiers: [reminderID])
            guard reminderHour >= 0 else { return }
            let content = UNMutableNotificationContent()
            content.title = "Water \(name)"
            content.sound = .default
            var time = DateComponents()
            time.hour = reminderHour
            let trigger = UNCalendarNotificationTrigger(dateMatching: time, repeats: true)
            center.add(UNNotificationRequest(identifier: reminderID, content: content, trigger: trigger))
        }

        /// The Control Center button shows the plants due today.
        func refreshControls() {
            ControlCenter.shared.reloadControls(ofKind: "org.example.plantcare.due")
        }

        /// Marks the plant watered now, from the list's swipe action.
        func water() {
            lastWatered = .now
            refreshControls()
            Task { try? await WaterPlantIntent(plantName: name).donate() }
        }

        /// The care note a plant gets when it has none: how often it is watered.
        func defaultCareNote() -> String {
            intervalDays == 1 ? "water daily" : "water every \(intervalDays) days"
        }
    }
}
