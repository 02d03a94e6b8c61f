import Foundation
import OSLog
import SwiftData

private let migrationLog = Logger(subsystem: "com.example.garden", category: "Migration")

enum GardenMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [GardenSchemaV1.self, GardenSchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }

    /// Each plant's 1.0 category code, by name, read before the column goes away.
    private static var legacyCodes: [String: Int] = [:]

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: GardenSchemaV1.self,
        toVersion: GardenSchemaV2.self,
        willMigrate: { context in
            let plants = try context.fetch(FetchDescriptor<GardenSchemaV1.Plant>(sortBy: [SortDescriptor(\.name)]))
            print("Garden 2.0 migration: \(plants.count) plants to classify")
            legacyCodes = Dictionary(plants.map { ($0.name, $0.categoryCode) }, uniquingKeysWith: { first, _ in first })
            // The watering reminders are rescheduled on the next launch from this queue.
            let queue = PendingWatering(plantNames: plants.map(\.name))
            try queue.save()
            migrationLog.info("Queued watering for \(plants.count, privacy: .public) plants at \(PendingWatering.fileURL.lastPathComponent)")
        },
        didMigrate: { context in
            let plants = try context.fetch(FetchDescriptor<GardenSchemaV2.Plant>())
            var unknown = 0
            for plant in plants {
                if let kind = PlantKind(legacyCode: legacyCodes[plant.name] ?? 0) {
                    plant.kind = kind
                } else {
                    unknown += 1
                    plant.kind = .herb
                }
            }
            try context.save()
            if unknown > 0 {
                migrationLog.warning("\(unknown) plants had no known category; filed under \(PlantKind.herb.rawValue, privacy: .public)")
            }
            migrationLog.notice("Classified \(plants.count) plants; first one \(plants.first?.name ?? "-", privacy: .private)")
            legacyCodes = [:]
        }
    )
}
