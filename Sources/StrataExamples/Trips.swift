import Strata

/// The WWDC 2023 trips sample from the seeds, bundled as an example plan: V1 -> V2 makes trip names unique
/// (custom: duplicates removed in willMigrate), V2 -> V3 renames the dates with originalName (lightweight).
public enum Trips {
    /// Version 1.0.0.
    public enum V1: VersionedSchema {
        /// 1.0.0.
        public static let versionIdentifier = Schema.Version(1, 0, 0)
        /// Trips, their bucket lists and accommodation.
        public static var models: [any PersistentModel.Type] {
            [Trip.self, BucketListItem.self, LivingAccommodation.self]
        }

        /// A trip.
        @Model public final class Trip {
            public var name: String
            public var destination: String
            public var start_date: Date
            public var end_date: Date
            @Relationship(deleteRule: .cascade, inverse: \BucketListItem.trip) public var bucketList:
                [BucketListItem]? = []
            @Relationship(deleteRule: .cascade, inverse: \LivingAccommodation.trip) public var livingAccommodation:
                LivingAccommodation?

            /// Creates a trip.
            public init(name: String, destination: String, start_date: Date, end_date: Date) {
                self.name = name
                self.destination = destination
                self.start_date = start_date
                self.end_date = end_date
            }
        }

        /// Something to do on a trip.
        @Model public final class BucketListItem {
            public var title: String
            public var trip: Trip?
            /// Creates an item.
            public init(title: String) { self.title = title }
        }

        /// Where a trip stays.
        @Model public final class LivingAccommodation {
            public var address: String
            public var trip: Trip?
            /// Creates an accommodation.
            public init(address: String) { self.address = address }
        }
    }

    /// Version 2.0.0: trip names are unique.
    public enum V2: VersionedSchema {
        /// 2.0.0.
        public static let versionIdentifier = Schema.Version(2, 0, 0)
        /// Trips, their bucket lists and accommodation.
        public static var models: [any PersistentModel.Type] {
            [Trip.self, BucketListItem.self, LivingAccommodation.self]
        }

        /// A trip with a unique name.
        @Model public final class Trip {
            @Attribute(.unique) public var name: String
            public var destination: String
            public var start_date: Date
            public var end_date: Date
            @Relationship(deleteRule: .cascade, inverse: \BucketListItem.trip) public var bucketList:
                [BucketListItem]? = []
            @Relationship(deleteRule: .cascade, inverse: \LivingAccommodation.trip) public var livingAccommodation:
                LivingAccommodation?

            /// Creates a trip.
            public init(name: String, destination: String, start_date: Date, end_date: Date) {
                self.name = name
                self.destination = destination
                self.start_date = start_date
                self.end_date = end_date
            }
        }

        /// Something to do on a trip.
        @Model public final class BucketListItem {
            public var title: String
            public var trip: Trip?
            /// Creates an item.
            public init(title: String) { self.title = title }
        }

        /// Where a trip stays.
        @Model public final class LivingAccommodation {
            public var address: String
            public var trip: Trip?
            /// Creates an accommodation.
            public init(address: String) { self.address = address }
        }
    }

    /// Version 3.0.0: `start_date` and `end_date` renamed `startDate` and `endDate`.
    public enum V3: VersionedSchema {
        /// 3.0.0.
        public static let versionIdentifier = Schema.Version(3, 0, 0)
        /// Trips, their bucket lists and accommodation.
        public static var models: [any PersistentModel.Type] {
            [Trip.self, BucketListItem.self, LivingAccommodation.self]
        }

        /// A trip with camel-case dates.
        @Model public final class Trip {
            @Attribute(.unique) public var name: String
            public var destination: String
            @Attribute(originalName: "start_date") public var startDate: Date
            @Attribute(originalName: "end_date") public var endDate: Date
            @Relationship(deleteRule: .cascade, inverse: \BucketListItem.trip) public var bucketList:
                [BucketListItem]? = []
            @Relationship(deleteRule: .cascade, inverse: \LivingAccommodation.trip) public var livingAccommodation:
                LivingAccommodation?

            /// Creates a trip.
            public init(name: String, destination: String, startDate: Date, endDate: Date) {
                self.name = name
                self.destination = destination
                self.startDate = startDate
                self.endDate = endDate
            }
        }

        /// Something to do on a trip.
        @Model public final class BucketListItem {
            public var title: String
            public var trip: Trip?
            /// Creates an item.
            public init(title: String) { self.title = title }
        }

        /// Where a trip stays.
        @Model public final class LivingAccommodation {
            public var address: String
            public var trip: Trip?
            /// Creates an accommodation.
            public init(address: String) { self.address = address }
        }
    }

    /// V1 -> V2 custom (de-duplicate, then unique), V2 -> V3 lightweight.
    public enum Plan: SchemaMigrationPlan {
        /// V1, V2, V3.
        public static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self, V3.self] }
        /// The two stages.
        public static var stages: [MigrationStage] { [migrateV1toV2, migrateV2toV3] }

        /// Keeps the earliest trip of each name and deletes the others (their items and stays cascade).
        public static let migrateV1toV2 = MigrationStage.custom(
            fromVersion: V1.self, toVersion: V2.self,
            willMigrate: { context in
                var seen: Set<String> = []
                for trip in try context.fetch(FetchDescriptor<V1.Trip>(sortBy: [SortDescriptor(\.start_date)]))
                where !seen.insert(trip.name).inserted {
                    context.delete(trip)
                }
                try context.save()
            }, didMigrate: nil)

        /// Renames with originalName: no code needed.
        public static let migrateV2toV3 = MigrationStage.lightweight(fromVersion: V2.self, toVersion: V3.self)
    }

    /// Creates a V1 store at `url` with `rows` trips (every tenth name repeats an earlier one), each with an item.
    public static func makeDemoStore(at url: URL, rows: Int) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: V1.self), configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let cities = ["Rome", "Oslo", "Lima", "Kyoto", "Accra", "Quito", "Hanoi", "Perth", "Tunis", "Riga"]
        for number in 0..<rows {
            let name = number % 10 == 9 ? "Trip \(number - 9)" : "Trip \(number)"
            let start = Date(timeIntervalSinceReferenceDate: Double(number) * 86_400)
            let trip = V1.Trip(
                name: name, destination: cities[number % cities.count], start_date: start,
                end_date: start.addingTimeInterval(7 * 86_400))
            context.insert(trip)
            trip.bucketList?.append(V1.BucketListItem(title: "Walk around \(cities[number % cities.count])"))
            if number % 5_000 == 4_999 { try context.save() }
        }
        try context.save()
    }
}
