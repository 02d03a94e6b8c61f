import Foundation
import Strata

/// WWDC24's "What's new in SwiftData" trips, as written for SwiftData (Swift 5 mode): version 1 lets the same
/// trip be saved twice; version 2 declares `#Unique` on (name, startDate, endDate) and `#Index` for the queries
/// the app runs, and its migration removes the duplicates in willMigrate of a custom stage.
enum TripsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self] }

    @Model final class Trip {
        var name: String
        var destination: String
        var startDate: Date
        var endDate: Date

        init(name: String, destination: String, startDate: Date, endDate: Date) {
            self.name = name
            self.destination = destination
            self.startDate = startDate
            self.endDate = endDate
        }
    }
}

enum TripsSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self] }

    @Model final class Trip {
        #Unique<Trip>([\.name, \.startDate, \.endDate])
        #Index<Trip>([\.name], [\.startDate], [\.endDate], [\.name, \.startDate, \.endDate])

        var name: String
        var destination: String
        var startDate: Date
        var endDate: Date

        init(name: String, destination: String, startDate: Date, endDate: Date) {
            self.name = name
            self.destination = destination
            self.startDate = startDate
            self.endDate = endDate
        }
    }
}

enum TripsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TripsSchemaV1.self, TripsSchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: TripsSchemaV1.self, toVersion: TripsSchemaV2.self,
        willMigrate: { context in
            let trips = try context.fetch(FetchDescriptor<TripsSchemaV1.Trip>())
            var seen = Set<String>()
            for trip in trips {
                let key = "\(trip.name)|\(trip.startDate)|\(trip.endDate)"
                if seen.contains(key) { context.delete(trip) } else { seen.insert(key) }
            }
            try context.save()
        }, didMigrate: nil)
}
