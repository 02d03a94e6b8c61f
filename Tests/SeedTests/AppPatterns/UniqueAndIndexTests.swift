import Foundation
import Strata
import Testing

/// `#Unique` and `#Index` in Swift 5 mode, as WWDC24's trips sample writes them.
@Suite struct UniqueAndIndexTests {
    let start = Date(timeIntervalSinceReferenceDate: 86_400)
    let end = Date(timeIntervalSinceReferenceDate: 3 * 86_400)

    @Test func savingTheSameTripAgainUpdatesIt() throws {
        let directory = try TemporaryStoreDirectory()
        let container = try ModelContainer(
            for: TripsSchemaV2.Trip.self, configurations: ModelConfiguration(url: directory.store("trips")))
        let context = ModelContext(container)
        context.insert(TripsSchemaV2.Trip(name: "Rome", destination: "Rome", startDate: start, endDate: end))
        try context.save()
        context.insert(TripsSchemaV2.Trip(name: "Rome", destination: "Roma", startDate: start, endDate: end))
        context.insert(TripsSchemaV2.Trip(name: "Rome", destination: "Rome", startDate: end, endDate: end))
        try context.save()
        let trips = try ModelContext(container).fetch(
            FetchDescriptor<TripsSchemaV2.Trip>(sortBy: [SortDescriptor(\.startDate)]))
        #expect(trips.map(\.destination) == ["Roma", "Rome"])
        #expect(container.schema.entitiesByName["Trip"]?.indexes.count == 4)
    }

    @Test func theMigrationRemovesDuplicatesThenAddsTheConstraint() throws {
        let directory = try TemporaryStoreDirectory()
        let url = directory.store("trips")
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: TripsSchemaV1.self), configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            for destination in ["Rome", "Rome", "Oslo"] {
                context.insert(
                    TripsSchemaV1.Trip(name: destination, destination: destination, startDate: start, endDate: end))
            }
            try context.save()
        }
        let container = try ModelContainer(
            for: Schema(versionedSchema: TripsSchemaV2.self), migrationPlan: TripsMigrationPlan.self,
            configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let names = try context.fetch(FetchDescriptor<TripsSchemaV2.Trip>(sortBy: [SortDescriptor(\.name)])).map(\.name)
        #expect(names == ["Oslo", "Rome"])
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
    }
}
