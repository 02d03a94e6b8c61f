// The model code of seeds/how-to-perform-migrations.md (WWDC 2023's trips sample), as written, with
// `import SwiftData` replaced by `import Strata` and `import SwiftUI` and the SwiftUI `TripsApp` dropped.
// Where the seed is wrong against Apple's real API it is completed minimally:
// - `VersionedSchema` requires `versionIdentifier`; the seed's enums lack it, so each declares one.
// - `Trip` has non-defaulted stored properties and no initializer, which no class may have; each version
//   gets a memberwise `init`.
// - `BucketListItem` and `LivingAccommodation` are "defined elsewhere" ("Define the other models in this
//   version..."); each version declares them with a title, or an address and place name, and an `init`.
import Strata

//  Defining versioned schemas
enum SampleTripsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0) // added: required by VersionedSchema

    static var models: [any PersistentModel.Type] {
        [Trip.self, BucketListItem.self, LivingAccommodation.self]
    }

    @Model
    final class Trip {
        var name: String
        var destination: String
        var start_date: Date
        var end_date: Date

        var bucketList: [BucketListItem]? = []
        var livingAccommodation: LivingAccommodation?

        // added: a class with stored properties without defaults needs an initializer
        init(name: String, destination: String, start_date: Date, end_date: Date) {
            self.name = name
            self.destination = destination
            self.start_date = start_date
            self.end_date = end_date
        }
    }

    // Define the other models in this version...
    // added: the seed leaves these to "elsewhere"
    @Model
    final class BucketListItem {
        var title: String

        init(title: String) {
            self.title = title
        }
    }

    @Model
    final class LivingAccommodation {
        var address: String
        var placeName: String

        init(address: String, placeName: String) {
            self.address = address
            self.placeName = placeName
        }
    }
}

enum SampleTripsSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0) // added: required by VersionedSchema

    static var models: [any PersistentModel.Type] {
        [Trip.self, BucketListItem.self, LivingAccommodation.self]
    }

    @Model
    final class Trip {
        @Attribute(.unique) var name: String
        var destination: String
        var start_date: Date
        var end_date: Date

        var bucketList: [BucketListItem]? = []
        var livingAccommodation: LivingAccommodation?

        // added: a class with stored properties without defaults needs an initializer
        init(name: String, destination: String, start_date: Date, end_date: Date) {
            self.name = name
            self.destination = destination
            self.start_date = start_date
            self.end_date = end_date
        }
    }

    // Define the other models in this version...
    // added: the seed leaves these to "elsewhere"
    @Model
    final class BucketListItem {
        var title: String

        init(title: String) {
            self.title = title
        }
    }

    @Model
    final class LivingAccommodation {
        var address: String
        var placeName: String

        init(address: String, placeName: String) {
            self.address = address
            self.placeName = placeName
        }
    }
}

enum SampleTripsSchemaV3: VersionedSchema {
    static var versionIdentifier = Schema.Version(3, 0, 0) // added: required by VersionedSchema

    static var models: [any PersistentModel.Type] {
        [Trip.self, BucketListItem.self, LivingAccommodation.self]
    }

    @Model
    final class Trip {
        @Attribute(.unique) var name: String
        var destination: String
        @Attribute(originalName: "start_date") var startDate: Date
        @Attribute(originalName: "end_date") var endDate: Date

        var bucketList: [BucketListItem]? = []
        var livingAccommodation: LivingAccommodation?

        // added: a class with stored properties without defaults needs an initializer
        init(name: String, destination: String, startDate: Date, endDate: Date) {
            self.name = name
            self.destination = destination
            self.startDate = startDate
            self.endDate = endDate
        }
    }

    // Define the other models in this version...
    // added: the seed leaves these to "elsewhere"
    @Model
    final class BucketListItem {
        var title: String

        init(title: String) {
            self.title = title
        }
    }

    @Model
    final class LivingAccommodation {
        var address: String
        var placeName: String

        init(address: String, placeName: String) {
            self.address = address
            self.placeName = placeName
        }
    }
}

// Implementing a SchemaMigrationPlan
enum SampleTripsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [SampleTripsSchemaV1.self, SampleTripsSchemaV2.self, SampleTripsSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3]
    }

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: SampleTripsSchemaV1.self,
        toVersion: SampleTripsSchemaV2.self,
        willMigrate: { context in
            let trips = try? context.fetch(FetchDescriptor<SampleTripsSchemaV1.Trip>())

            // De-duplicate Trip instances here...

            try? context.save()
        }, didMigrate: nil
    )

    static let migrateV2toV3 = MigrationStage.lightweight(
        fromVersion: SampleTripsSchemaV2.self,
        toVersion: SampleTripsSchemaV3.self
    )
}
