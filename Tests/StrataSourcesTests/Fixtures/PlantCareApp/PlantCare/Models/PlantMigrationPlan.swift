import Foundation
import SwiftData

enum PlantMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [PlantSchemaV1.self, PlantSchemaV2.self] }
    static var stages: [MigrationStage] { [addCare] }

    /// 2.0 reminds the user at 8 every morning, starts each plant's care note from its watering interval, and counts
    /// the widget down from the day 2.0 shipped.
    static let addCare = MigrationStage.custom(
        fromVersion: PlantSchemaV1.self,
        toVersion: PlantSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            let plants = try context.fetch(FetchDescriptor<PlantSchemaV2.Plant>())
            for plant in plants {
                plant.reminderHour = 8
                plant.careNote = plant.defaultCareNote()
                plant.lastWatered = Date(timeIntervalSince1970: 1_700_000_000)
            }
            try context.save()
        }
    )
}
