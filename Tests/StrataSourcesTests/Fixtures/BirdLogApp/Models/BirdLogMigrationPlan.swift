import Foundation
import SwiftData
import os.log

extension OSLog {
    /// The app's migration messages, public so the widget extension logs under the same category.
    public static let migration = OSLog(subsystem: "com.example.birdlog", category: "Migration")
}

enum BirdLogMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [BirdLogSchemaV1.self, BirdLogSchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: BirdLogSchemaV1.self,
        toVersion: BirdLogSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            let sightings = try context.fetch(FetchDescriptor<BirdLogSchemaV2.Sighting>())
            MigrationProgress.shared.total = sightings.count
            var clear = 0
            for sighting in sightings {
                // Flocks were mostly logged on clear days; single birds are left for the user to fill in.
                sighting.sky = sighting.count > 2 ? .clear : .overcast
                if sighting.sky == .clear { clear += 1 }
                MigrationProgress.shared.done += 1
            }
            try context.save()
            os_log(
                "Set the sky of %d sightings (%{public}@ clear, %.1f%% done) for %{private}@", log: .migration,
                type: .info, sightings.count, String(clear), MigrationProgress.shared.fraction * 100, "observer")
            os_log(.debug, log: .migration, "%ld%% of sightings overcast", (sightings.count - clear) * 100 / max(1, sightings.count))
        }
    )
}
