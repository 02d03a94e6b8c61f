import Foundation
import SwiftData

public enum ListenLaterMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [ListenLaterSchemaV1.self, ListenLaterSchemaV2.self] }
    public static var stages: [MigrationStage] { [syncSpeed] }

    /// Version 2 syncs the playback speed through iCloud's key-value store instead of the device's defaults, and
    /// turns on calendar reminders for the episodes not scheduled yet, unless the user said otherwise.
    static let syncSpeed = MigrationStage.custom(
        fromVersion: ListenLaterSchemaV1.self, toVersion: ListenLaterSchemaV2.self,
        willMigrate: { _ in
            let speed = UserDefaults.standard.object(forKey: "playbackSpeed") as? Double ?? 1.25
            NSUbiquitousKeyValueStore.default.set(speed, forKey: "playbackSpeed")
            NSUbiquitousKeyValueStore.default.synchronize()
        },
        didMigrate: { context in
            let speed = NSUbiquitousKeyValueStore.default.double(forKey: "playbackSpeed")
            let remind = "remindByDefault".storedFlag ?? true
            for episode in try context.fetch(FetchDescriptor<ListenLaterSchemaV2.Episode>()) {
                episode.syncedSpeed = speed
                episode.remindsOnCalendar = remind && !episode.isScheduled
            }
            try context.save()
        })
}
