import Foundation
import GRDB
import Strata

/// A contacts app adopting iOS 18's `#Unique` and `#Index`: V1 has neither; V2 makes (givenName, familyName)
/// unique and indexes familyName and the pair (WWDC24's pattern: duplicates removed in willMigrate of a custom
/// stage); V3 drops the familyName index.
enum ContactsV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Contact.self] }

    @Model final class Contact {
        var givenName: String
        var familyName: String
        var phone: String

        init(givenName: String, familyName: String, phone: String) {
            self.givenName = givenName
            self.familyName = familyName
            self.phone = phone
        }
    }
}

enum ContactsV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Contact.self] }

    @Model final class Contact {
        #Unique<Contact>([\.givenName, \.familyName])
        #Index<Contact>([\.familyName], [\.givenName, \.familyName])

        var givenName: String
        var familyName: String
        var phone: String

        init(givenName: String, familyName: String, phone: String) {
            self.givenName = givenName
            self.familyName = familyName
            self.phone = phone
        }
    }
}

enum ContactsV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Contact.self] }

    @Model final class Contact {
        #Unique<Contact>([\.givenName, \.familyName])
        #Index<Contact>([\.givenName, \.familyName])

        var givenName: String
        var familyName: String
        var phone: String

        init(givenName: String, familyName: String, phone: String) {
            self.givenName = givenName
            self.familyName = familyName
            self.phone = phone
        }
    }
}

/// The WWDC24 pattern: a custom stage removes the duplicates in willMigrate, then the constraint is added.
enum ContactsPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ContactsV1.self, ContactsV2.self, ContactsV3.self] }
    static var stages: [MigrationStage] { [migrateV1toV2, migrateV2toV3] }

    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: ContactsV1.self, toVersion: ContactsV2.self,
        willMigrate: { context in
            var seen: Set<[String]> = []
            for contact in try context.fetch(FetchDescriptor<ContactsV1.Contact>(sortBy: [SortDescriptor(\.phone)])) {
                if !seen.insert([contact.givenName, contact.familyName]).inserted { context.delete(contact) }
            }
            try context.save()
        }, didMigrate: nil)

    static let migrateV2toV3 = MigrationStage.lightweight(fromVersion: ContactsV2.self, toVersion: ContactsV3.self)
}

/// The same change as a lightweight stage, which must refuse a store holding duplicates.
enum ContactsLightweightPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ContactsV1.self, ContactsV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: ContactsV1.self, toVersion: ContactsV2.self)] }
}

/// A V1 contacts store: Ann Lee twice (phones 1 and 3), Bo Lee once, and Ann Kim once.
func makeContactsV1(at url: URL) throws {
    let container = try ModelContainer(
        for: Schema(versionedSchema: ContactsV1.self), configurations: ModelConfiguration(url: url))
    let context = ModelContext(container)
    for (given, family, phone) in [("Ann", "Lee", "1"), ("Bo", "Lee", "2"), ("Ann", "Lee", "3"), ("Ann", "Kim", "4")] {
        context.insert(ContactsV1.Contact(givenName: given, familyName: family, phone: phone))
    }
    try context.save()
}

/// The names of the indexes SQLite holds for a table, sorted.
func indexNames(of table: String, at url: URL) throws -> [String] {
    let queue = try DatabaseQueue(path: url.path)
    return try queue.read { db in
        try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name",
            arguments: [table])
    }
}

/// A calendar's event, unique per (calendar, day) where the day may be unset.
@Model final class CalendarEvent {
    #Unique<CalendarEvent>([\.calendar, \.day])

    var calendar: String
    var day: Int?
    var title: String

    init(calendar: String, day: Int?, title: String) {
        self.calendar = calendar
        self.day = day
        self.title = title
    }
}

/// A mistake: a `#Unique` group naming a relationship, which has no column of its own to index.
@Model final class BadlyGroupedEvent {
    #Unique<BadlyGroupedEvent>([\.title, \.attendees])

    var title: String
    var attendees: [CalendarAttendee] = []

    init(title: String) { self.title = title }
}

/// Someone attending a `BadlyGroupedEvent`.
@Model final class CalendarAttendee {
    var name: String
    var event: BadlyGroupedEvent?

    init(name: String) { self.name = name }
}
