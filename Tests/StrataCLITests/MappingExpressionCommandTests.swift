import AppleStoreFixtures
import Foundation
import Testing

/// The real `strata` binary on a Core Data model whose mapping model holds value expressions (Tests/CoreDataModels/
/// Shelves, Contacts): `check` says per entity mapping what runs, and `migrate --dry-run` carries the step out on a
/// store with generated rows.
struct MappingExpressionCommandTests {
    @Test func checkAndTheDryRunCarryOutTheMappingModel() throws {
        let directory = try TemporaryStore()
        let model = directory.directory.appendingPathComponent("Shelves.xcdatamodeld")
        try FileManager.default.copyItem(
            at: ModelBundleFixtures.folder.appendingPathComponent("Shelves/Shelves.xcdatamodeld"), to: model)
        _ = try MappingModelFixture.write(
            "ShelvesToShelves2", model: "Shelves", source: "Shelves", destination: "Shelves 2",
            mappings: [
                .init(
                    "ShelfToShelf", source: "Shelf", destination: "Shelf", type: "Copy",
                    attributes: [("label", .generated), ("room", .generated)],
                    relationshipValues: [("books", .manager(mapping: "VolumeToVolume", source: "volumes"))]),
                .init(
                    "VolumeToVolume", source: "Volume", destination: "Volume", type: "Transform",
                    attributes: [
                        ("title", .generated), ("titleKey", .selector("uppercaseString", source: "title")),
                        ("shelfLabel", .keyPath("shelf.label")), ("isRead", .generated),
                    ],
                    relationshipValues: [("place", .manager(mapping: "ShelfToShelf", source: "shelf"))]),
            ], in: directory.directory)
        let check = try CommandRun.strata(["check", "--model", model.path])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("mapping model ShelvesToShelves2, run here (its value expressions)"))
        #expect(
            check.standardOutput.contains(
                "    entity mapping VolumeToVolume (Transform): run here: title = $source.title, titleKey = FUNCTION($source.title, \"uppercaseString\"), shelfLabel = $source.shelf.label"
            ), "\(check.standardOutput)")

        let store = directory.path("Shelves.store")
        let new = try CommandRun.strata(["new", store, "--model", model.path, "--at", "Shelves", "--sample", "6"])
        #expect(new.status == 0, "\(new.standardOutput)\(new.standardError)")
        let before = TemporaryStore.digests(of: store)
        let dryRun = try CommandRun.strata(["migrate", store, "--model", model.path, "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.standardOutput)\(dryRun.standardError)")
        #expect(dryRun.standardOutput.contains("compute the mapped values of Volume"), "\(dryRun.standardOutput)")
        #expect(TemporaryStore.digests(of: store) == before)
    }

    /// Tests/CoreDataModels/Contacts: Person split into Person and Address, the to-many relationships remapped
    /// (EntitySplitRunTests checks the values on the rows; here the real binary says what runs and runs it).
    @Test func anEntitySplitInTwoIsCarriedOutByTheDryRun() throws {
        let directory = try TemporaryStore()
        let model = directory.directory.appendingPathComponent("Contacts.xcdatamodeld")
        try FileManager.default.copyItem(
            at: ModelBundleFixtures.folder.appendingPathComponent("Contacts/Contacts.xcdatamodeld"), to: model)
        _ = try MappingModelFixture.write(
            "ContactsToContacts2", model: "Contacts", source: "Contacts", destination: "Contacts 2",
            mappings: [
                .init(
                    "PersonToAddress", source: "Person", destination: "Address", type: "Undefined",
                    attributes: [("street", .generated), ("city", .generated)],
                    relationshipValues: [("resident", .through(mapping: "PersonToPerson", keyPath: "$source"))],
                    filter: "street != nil"),
                .init(
                    "PersonToPerson", source: "Person", destination: "Person", type: "Undefined",
                    attributes: [("name", .generated)],
                    relationshipValues: [
                        ("home", .through(mapping: "PersonToAddress", keyPath: "$source")),
                        ("entries", .through(mapping: "NoteToNote", keyPath: "notes")),
                        ("labels", .through(mapping: "TagToTag", keyPath: "tags")),
                    ]),
                .init(
                    "NoteToNote", source: "Note", destination: "Note", type: "Undefined",
                    attributes: [("text", .generated)]),
                .init(
                    "TagToTag", source: "Tag", destination: "Tag", type: "Undefined",
                    attributes: [("label", .generated)]),
            ], in: directory.directory)
        let check = try CommandRun.strata(["check", "--model", model.path])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(
            check.standardOutput.contains(
                "    entity mapping PersonToAddress (Undefined): run here: one Address per Person where street != nil, street = $source.street"
            ), "\(check.standardOutput)")
        let store = directory.path("Contacts.store")
        let new = try CommandRun.strata(["new", store, "--model", model.path, "--at", "Contacts", "--sample", "6"])
        #expect(new.status == 0, "\(new.standardOutput)\(new.standardError)")
        let before = TemporaryStore.digests(of: store)
        let dryRun = try CommandRun.strata(["migrate", store, "--model", model.path, "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.standardOutput)\(dryRun.standardError)")
        #expect(
            dryRun.standardOutput.contains("make the rows of Address from those of Person"), "\(dryRun.standardOutput)")
        #expect(dryRun.standardOutput.contains("compute the mapped links of Person.labels"), "\(dryRun.standardOutput)")
        #expect(dryRun.standardOutput.contains("Contacts -> Contacts 2: succeeded"), "\(dryRun.standardOutput)")
        #expect(TemporaryStore.digests(of: store) == before)
    }
}
