import Foundation
import Strata
import Testing

/// Adopting `#Unique` and `#Index` in a new version (Swift 6 mode): the diff and its classification, the
/// WWDC24 pattern (duplicates removed in willMigrate, then the constraint), a lightweight stage refused while
/// duplicates remain, and an index removed by a lightweight stage.
@Suite(.serialized) struct CompoundUniqueMigrationTests {
    @Test func addingAGroupIsLightweightAndItsFindingCountsTheDuplicateGroups() throws {
        let diff = SchemaDiff(
            from: Schema(versionedSchema: ContactsV1.self), to: Schema(versionedSchema: ContactsV2.self))
        #expect(
            diff.changes.map { "\($0.marker) \($0) [\($0.classification.label)]" } == [
                "+ Contact.(givenName, familyName) made unique together (#Unique) [lightweight]",
                "+ Contact.(familyName) indexed (#Index) [lightweight]",
                "+ Contact.(givenName, familyName) indexed (#Index) [lightweight]",
            ])
        let removal = SchemaDiff(
            from: Schema(versionedSchema: ContactsV2.self), to: Schema(versionedSchema: ContactsV3.self))
        #expect(removal.changes.map(\.description) == ["Contact.(familyName) no longer indexed (#Index)"])
        #expect(removal.changes.first?.classification == .lightweight)

        let directory = TemporaryDirectory()
        let url = directory.store()
        try makeContactsV1(at: url)
        #expect(
            try StoreInspector(url: url).findings(for: diff).map(\.description) == [
                "Contact.(givenName, familyName): 1 group of duplicate values (e.g. (Ann, Lee) x2)"
            ])
    }

    @Test func duplicatesRemovedInWillMigrateThenTheConstraintHolds() throws {
        let directory = TemporaryDirectory()
        let url = directory.store()
        try makeContactsV1(at: url)
        let container = try ModelContainer(
            for: Schema(versionedSchema: ContactsV3.self), migrationPlan: ContactsPlan.self,
            configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let contacts = try context.fetch(FetchDescriptor<ContactsV3.Contact>(sortBy: [SortDescriptor(\.phone)]))
        #expect(
            contacts.map { "\($0.givenName) \($0.familyName) \($0.phone)" } == ["Ann Lee 1", "Bo Lee 2", "Ann Kim 4"])
        #expect(
            try indexNames(of: "Contact", at: url) == [
                "Contact_index_givenName_familyName", "Contact_unique_givenName_familyName",
            ])
        #expect(try StoreInspector(url: url).version() == Schema.Version(3, 0, 0))
        // The constraint holds afterwards: inserting Bo Lee again updates the stored Bo Lee.
        context.insert(ContactsV3.Contact(givenName: "Bo", familyName: "Lee", phone: "5"))
        try context.save()
        let again = try ModelContext(container).fetch(
            FetchDescriptor<ContactsV3.Contact>(sortBy: [SortDescriptor(\.phone)]))
        #expect(again.map(\.phone) == ["1", "4", "5"])
    }

    @Test func aLightweightStageMeetingDuplicatesIsRefusedAndTheStoreIsUntouched() throws {
        let directory = TemporaryDirectory()
        let url = directory.store()
        try makeContactsV1(at: url)
        let before = storeHashes(url)
        let report = try Migrator.dryRun(store: url, plan: ContactsLightweightPlan.self)
        #expect(
            report.stages.first?.findings.map(\.description) == [
                "Contact.(givenName, familyName): 1 group of duplicate values (e.g. (Ann, Lee) x2)"
            ])
        #expect(
            report.failure?.description.contains("a unique constraint cannot be created while duplicates remain")
                == true)
        #expect {
            _ = try ModelContainer(
                for: Schema(versionedSchema: ContactsV2.self), migrationPlan: ContactsLightweightPlan.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            "\(error)".contains("Contact.(givenName, familyName): 1 group of duplicate values (e.g. (Ann, Lee) x2)")
        }
        #expect(storeHashes(url) == before)
    }
}
