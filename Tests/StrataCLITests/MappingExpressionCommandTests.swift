import AppleStoreFixtures
import Foundation
import Testing

/// The real `strata` binary on a Core Data model whose mapping model holds value expressions (Tests/CoreDataModels/
/// Shelves): `check` says per entity mapping what runs, and `migrate --dry-run` carries the step out on a store with
/// generated rows.
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
}
