import Foundation
import Strata

/// The WWDC trips sample from the seed: V1 -> V2 makes the trip name unique (custom stage that removes
/// duplicates first), V2 -> V3 renames the dates with originalName (lightweight). Trips own bucket-list items.
enum TripsV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, BucketListItem.self] }

    @Model final class Trip {
        var name: String
        var start_date: Date
        @Relationship(deleteRule: .cascade, inverse: \BucketListItem.trip) var bucketList: [BucketListItem]? = []
        init(name: String, start_date: Date) {
            self.name = name
            self.start_date = start_date
        }
    }

    @Model final class BucketListItem {
        var title: String
        var trip: Trip?
        init(title: String) { self.title = title }
    }
}

enum TripsV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, BucketListItem.self] }

    @Model final class Trip {
        @Attribute(.unique) var name: String
        var start_date: Date
        @Relationship(deleteRule: .cascade, inverse: \BucketListItem.trip) var bucketList: [BucketListItem]? = []
        init(name: String, start_date: Date) {
            self.name = name
            self.start_date = start_date
        }
    }

    @Model final class BucketListItem {
        var title: String
        var trip: Trip?
        init(title: String) { self.title = title }
    }
}

enum TripsV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, BucketListItem.self] }

    @Model final class Trip {
        @Attribute(.unique) var name: String
        @Attribute(originalName: "start_date") var startDate: Date
        @Relationship(deleteRule: .cascade, inverse: \BucketListItem.trip) var bucketList: [BucketListItem]? = []
        init(name: String, startDate: Date) {
            self.name = name
            self.startDate = startDate
        }
    }

    @Model final class BucketListItem {
        var title: String
        var trip: Trip?
        init(title: String) { self.title = title }
    }
}

/// Titles of the trips removed as duplicates in willMigrate, read again in didMigrate (the stash pattern).
nonisolated(unsafe) var removedDuplicateTitles: [String] = []

enum TripsPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TripsV1.self, TripsV2.self, TripsV3.self] }
    static var stages: [MigrationStage] { [migrateV1toV2, migrateV2toV3] }

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: TripsV1.self, toVersion: TripsV2.self,
        willMigrate: { context in
            var seen: Set<String> = []
            var removed: [TripsV1.Trip] = []
            for trip in try context.fetch(FetchDescriptor<TripsV1.Trip>(sortBy: [SortDescriptor(\.start_date)])) {
                if seen.insert(trip.name).inserted { continue }
                context.delete(trip)
                removed.append(trip)
            }
            try context.save()
            // Deleted objects stay readable after the save.
            removedDuplicateTitles = removed.map { "\($0.name)@\($0.start_date.timeIntervalSinceReferenceDate)" }
        }, didMigrate: nil)

    static let migrateV2toV3 = MigrationStage.lightweight(fromVersion: TripsV2.self, toVersion: TripsV3.self)
}

/// The same plan without the de-duplication: the unique constraint must be refused while duplicates remain.
enum TripsPlanWithoutDedupe: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TripsV1.self, TripsV2.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: TripsV1.self, toVersion: TripsV2.self, willMigrate: nil, didMigrate: nil)]
    }
}

/// A downgrade: V2 back to V1.
enum TripsDowngradePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [TripsV1.self, TripsV2.self, TripsV3.self] }
    static var stages: [MigrationStage] {
        [
            TripsPlan.migrateV1toV2, TripsPlan.migrateV2toV3,
            .lightweight(fromVersion: TripsV3.self, toVersion: TripsV2.self),
        ]
    }
}

/// A V1 trips store: "Rome" twice (the later one a duplicate), "Oslo" once, each with one bucket-list item.
func makeTripsV1(in directory: TemporaryDirectory) throws -> URL {
    let url = directory.store("trips")
    let container = try ModelContainer(
        for: Schema(versionedSchema: TripsV1.self), configurations: ModelConfiguration(url: url))
    let context = ModelContext(container)
    for (name, day) in [("Rome", 1.0), ("Oslo", 2.0), ("Rome", 3.0)] {
        let trip = TripsV1.Trip(name: name, start_date: Date(timeIntervalSinceReferenceDate: day * 86_400))
        let item = TripsV1.BucketListItem(title: "see \(name) on day \(Int(day))")
        context.insert(trip)
        trip.bucketList?.append(item)
    }
    try context.save()
    return url
}
