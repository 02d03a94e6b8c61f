import Foundation
import Strata
import Testing

/// `#Unique` and `#Index` as an iOS 18 app declares them (Swift 6 mode): the schema and the store carry them,
/// and inserting an object whose group values equal a stored row's updates that row (SwiftData's upsert).
@Suite struct CompoundUniqueTests {
    @Test func theSchemaAndTheStoreCarryTheGroups() throws {
        let directory = TemporaryDirectory()
        let url = directory.store()
        let container = try ModelContainer(
            for: Schema(versionedSchema: ContactsV2.self), configurations: ModelConfiguration(url: url))
        let entity = try #require(container.schema.entitiesByName["Contact"])
        #expect(entity.uniquenessConstraints == [["givenName", "familyName"]])
        #expect(entity.indexes == [["familyName"], ["givenName", "familyName"]])
        #expect(
            try indexNames(of: "Contact", at: url) == [
                "Contact_index_familyName", "Contact_index_givenName_familyName", "Contact_unique_givenName_familyName",
            ])
        #expect(
            Schema(versionedSchema: ContactsV2.self).fingerprint != Schema(versionedSchema: ContactsV1.self).fingerprint
        )
        #expect(
            Schema(versionedSchema: ContactsV2.self).fingerprint != Schema(versionedSchema: ContactsV3.self).fingerprint
        )
    }

    @Test func insertingAnEqualGroupUpdatesTheStoredRow() throws {
        let directory = TemporaryDirectory()
        let container = try ModelContainer(
            for: Schema(versionedSchema: ContactsV2.self), configurations: ModelConfiguration(url: directory.store()))
        let context = ModelContext(container)
        context.insert(ContactsV2.Contact(givenName: "Ann", familyName: "Lee", phone: "1"))
        context.insert(ContactsV2.Contact(givenName: "Ann", familyName: "Kim", phone: "2"))
        try context.save()
        context.insert(ContactsV2.Contact(givenName: "Ann", familyName: "Lee", phone: "3"))
        try context.save()

        let fresh = ModelContext(container)
        let contacts = try fresh.fetch(FetchDescriptor<ContactsV2.Contact>(sortBy: [SortDescriptor(\.familyName)]))
        #expect(contacts.map { "\($0.givenName) \($0.familyName) \($0.phone)" } == ["Ann Kim 2", "Ann Lee 3"])
    }

    @Test func twoEqualGroupsInOneSaveMakeOneRow() throws {
        let directory = TemporaryDirectory()
        let container = try ModelContainer(
            for: Schema(versionedSchema: ContactsV2.self), configurations: ModelConfiguration(url: directory.store()))
        let context = ModelContext(container)
        context.insert(ContactsV2.Contact(givenName: "Bo", familyName: "Lee", phone: "1"))
        context.insert(ContactsV2.Contact(givenName: "Bo", familyName: "Lee", phone: "2"))
        context.insert(ContactsV2.Contact(givenName: "Lee", familyName: "Bo", phone: "3"))
        try context.save()
        let contacts = try ModelContext(container).fetch(
            FetchDescriptor<ContactsV2.Contact>(sortBy: [SortDescriptor(\.phone)]))
        #expect(contacts.map { "\($0.givenName) \($0.familyName) \($0.phone)" } == ["Bo Lee 2", "Lee Bo 3"])
    }

    @Test func aGroupWithANilValueNeverClashes() throws {
        let directory = TemporaryDirectory()
        let container = try ModelContainer(
            for: CalendarEvent.self, configurations: ModelConfiguration(url: directory.store()))
        let context = ModelContext(container)
        context.insert(CalendarEvent(calendar: "work", day: nil, title: "someday"))
        context.insert(CalendarEvent(calendar: "work", day: nil, title: "later"))
        context.insert(CalendarEvent(calendar: "work", day: 3, title: "review"))
        try context.save()
        context.insert(CalendarEvent(calendar: "work", day: 3, title: "review, moved"))
        try context.save()
        let titles = try ModelContext(container).fetch(
            FetchDescriptor<CalendarEvent>(sortBy: [SortDescriptor(\.title)])
        ).map(\.title)
        #expect(titles == ["later", "review, moved", "someday"])
    }

    @Test func aGroupNamingARelationshipIsRefusedWhenTheContainerOpens() {
        let directory = TemporaryDirectory()
        let message = errorMessage {
            _ = try ModelContainer(
                for: BadlyGroupedEvent.self, configurations: ModelConfiguration(url: directory.store()))
        }
        #expect(
            message?.contains(
                "BadlyGroupedEvent.attendees: #Unique can name only stored attributes of the model (not relationships or nested key paths)"
            ) == true, "\(message ?? "no error")")
    }
}
