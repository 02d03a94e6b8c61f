import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Synchronization
import Testing

/// A mapping model's value expressions carried out by the dry run on rows (docs/APPLE_STORES.md, "Mapping models"):
/// a key path through a to-one relationship, Foundation methods on values (`FUNCTION($source.title,
/// "uppercaseString")`, `$source.shelf.room.lowercaseString`), and a relationship renamed without a renaming
/// identifier, carried by `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", …)`; and
/// one whose entity mapping names a policy class, which stops there naming it. The model is
/// Tests/CoreDataModels/Shelves (its README); the values expected are stated from the rows written.
struct MappingExpressionRunTests {
    /// A copy of the Shelves bundle in `folder` with a mapping model Shelves -> Shelves 2 beside it.
    private func bundle(in folder: ModelFolder, volume: MappingModelFixture.EntityMapping) throws -> ModelBundle {
        let source = ModelBundleFixtures.folder.appendingPathComponent("Shelves/Shelves.xcdatamodeld")
        let copy = folder.url.appendingPathComponent("Shelves.xcdatamodeld")
        try FileManager.default.copyItem(at: source, to: copy)
        _ = try MappingModelFixture.write(
            "ShelvesToShelves2", model: "Shelves", source: "Shelves", destination: "Shelves 2",
            mappings: [
                .init(
                    "ShelfToShelf", source: "Shelf", destination: "Shelf", type: "Copy",
                    attributes: [("label", .generated), ("room", .generated)],
                    relationshipValues: [("books", .manager(mapping: "VolumeToVolume", source: "volumes"))]),
                volume,
            ], in: folder.url)
        return try ModelBundle(url: copy)
    }

    /// The Volume mapping with value expressions only.
    private static let expressions = MappingModelFixture.EntityMapping(
        "VolumeToVolume", source: "Volume", destination: "Volume", type: "Transform",
        attributes: [
            ("title", .generated), ("titleKey", .selector("uppercaseString", source: "title")),
            ("pageCount", .selector("integerValue", source: "pages")), ("shelfLabel", .keyPath("shelf.label")),
            ("roomKey", .keyPath("shelf.room.lowercaseString")), ("isRead", .generated),
        ],
        relationshipValues: [("place", .manager(mapping: "ShelfToShelf", source: "shelf"))])

    /// Two shelves and three volumes at Shelves: Dune on Oak (Study Room), Émile on Pine (no room), one untitled on
    /// no shelf.
    private static func rows(_ db: Database) throws {
        let pk = StoreLayout.primaryKey
        for (key, label, room) in [(1, "Oak", "Study Room"), (2, "Pine", nil)] as [(Int, String, String?)] {
            try db.execute(
                sql: "INSERT INTO \"Shelf\" (\"\(pk)\", \"label\", \"room\") VALUES (?, ?, ?)",
                arguments: [key, label, room])
        }
        let volumes: [(Int, String?, String?, Bool?, Int?)] = [
            (1, "Dune", "412", true, 1), (2, "Émile", " 97 pages", false, 2), (3, nil, "abc", nil, nil),
        ]
        for (key, title, pages, read, shelf) in volumes {
            try db.execute(
                sql:
                    "INSERT INTO \"Volume\" (\"\(pk)\", \"title\", \"pages\", \"isRead\", \"shelf\") VALUES (?, ?, ?, ?, ?)",
                arguments: [key, title, pages, read, shelf])
        }
    }

    @Test func keyPathsFunctionsAndTheManagersLookupAreCarriedOutOnTheRows() throws {
        let folder = try ModelFolder()
        let plan = ModelBundlePlan(bundle: try bundle(in: folder, volume: Self.expressions), progressive: true)
        let step = plan.step(from: 0, to: 1)
        #expect(step.runsMapping, "\(step.mappingNotes)")
        #expect(
            step.mappingNotes == [
                "entity mapping ShelfToShelf (Copy): run here: label = $source.label, room = $source.room, books = FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"VolumeToVolume\", $source.volumes)",
                "entity mapping VolumeToVolume (Transform): run here: title = $source.title, titleKey = FUNCTION($source.title, \"uppercaseString\"), pageCount = FUNCTION($source.pages, \"integerValue\"), shelfLabel = $source.shelf.label, roomKey = $source.shelf.room.lowercaseString, isRead = $source.isRead, place = FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"ShelfToShelf\", $source.shelf)",
            ])
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty, "\(problems)")
        let store = try folder.strataStore("Shelves.store", at: plan.schemas[0], fill: Self.rows)
        let migrator = try Migrator(store: store, validated: validated)
        // Volume.pages and Volume.shelf leave the model, but the mapping carries their values into pageCount and
        // place: no loss is counted or warned of.
        let stage = try #require(migrator.pending.first)
        #expect(stage.diff.changes.map(\.description).contains { $0.hasPrefix("Volume.shelf removed") })
        #expect(try migrator.findings(of: stage).filter(\.isLoss).isEmpty)
        let warnings = Mutex<[String]>([])
        migrator.onEvent = { event in
            if case .warning(_, let message) = event { warnings.withLock { $0.append(message) } }
        }
        let reports = try migrator.runAll()
        #expect(reports.count == 1)
        #expect(warnings.withLock { $0 }.filter { $0.contains("removes data") }.isEmpty, "\(warnings.withLock { $0 })")
        let rows = try DatabaseQueue(path: store.path).read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \"Volume\" ORDER BY \"\(StoreLayout.primaryKey)\"")
        }
        #expect(rows.map { $0["title"] as String? } == ["Dune", "Émile", nil])
        #expect(rows.map { $0["titleKey"] as String? } == ["DUNE", "ÉMILE", nil])
        #expect(rows.map { $0["pageCount"] as Int64? } == [412, 97, 0])
        #expect(rows.map { $0["shelfLabel"] as String? } == ["Oak", "Pine", nil])
        #expect(rows.map { $0["roomKey"] as String? } == ["study room", nil, nil])
        #expect(rows.map { $0["isRead"] as Bool? } == [true, false, nil])
        #expect(rows.map { $0["place"] as Int64? } == [1, 2, nil])
        let tables = try DatabaseQueue(path: store.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE '_strata_mapped_%'")
        }
        #expect(tables.isEmpty)
    }

    @Test func theEntityPolicysRelationshipLookupAndAKeyPathWrittenAsAFunctionAreCarriedOutToo() throws {
        let folder = try ModelFolder()
        let volume = MappingModelFixture.EntityMapping(
            "VolumeToVolume", source: "Volume", destination: "Volume", type: "Transform",
            attributes: [("title", .generated), ("shelfLabel", .valueForKeyPath("shelf.label"))],
            relationshipValues: [("place", .entityPolicy(relationship: "shelf"))])
        let plan = ModelBundlePlan(bundle: try bundle(in: folder, volume: volume), progressive: true)
        #expect(plan.step(from: 0, to: 1).runsMapping)
        let (validated, _) = plan.check()
        let store = try folder.strataStore("Shelves.store", at: plan.schemas[0], fill: Self.rows)
        _ = try Migrator(store: store, validated: validated).runAll()
        let rows = try DatabaseQueue(path: store.path).read { db in
            try Row.fetchAll(
                db, sql: "SELECT \"place\", \"shelfLabel\" FROM \"Volume\" ORDER BY \"\(StoreLayout.primaryKey)\"")
        }
        #expect(rows.map { $0["place"] as Int64? } == [1, 2, nil])
        #expect(rows.map { $0["shelfLabel"] as String? } == ["Oak", "Pine", nil])
    }

    @Test func aPolicyClassStopsTheStepNamingItAndEachMappingSaysWhatItWouldRun() throws {
        let folder = try ModelFolder()
        let volume = MappingModelFixture.EntityMapping(
            "VolumeToVolume", source: "Volume", destination: "Volume", type: "Custom", policy: "VolumeShelvingPolicy",
            attributes: [("title", .generated)])
        let plan = ModelBundlePlan(bundle: try bundle(in: folder, volume: volume), progressive: true)
        let step = plan.step(from: 0, to: 1)
        #expect(!step.runsMapping)
        #expect(step.dataDependent.isEmpty)
        #expect(
            step.mappingNotes == [
                "entity mapping ShelfToShelf (Copy): not run here: Shelf.books = FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"VolumeToVolume\", $source.volumes): its objects are made by entity mapping VolumeToVolume's policy VolumeShelvingPolicy (the app's code); its effect on Shelf.books, Shelf.volumes is not checked; it would run label = $source.label, room = $source.room",
                "entity mapping VolumeToVolume (Custom) runs policy VolumeShelvingPolicy: not run here; its effect on Volume.titleKey, Volume.pageCount, Volume.shelfLabel, Volume.roomKey, Volume.pages, Volume.place, Volume.shelf is not checked",
            ])
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty)
        let store = try folder.strataStore("Shelves.store", at: plan.schemas[0], fill: Self.rows)
        let report = try Migrator.dryRun(store: store, validated: validated)
        #expect(report.failure == nil)
        let notRun = try #require(report.notRun?.description)
        #expect(notRun.contains("mapping model ShelvesToShelves2"), "\(notRun)")
        #expect(notRun.contains("policy VolumeShelvingPolicy (the app's code)"), "\(notRun)")
    }

    @Test func aFunctionOnValuesOfTheWrongKindIsNotEvaluated() throws {
        let folder = try ModelFolder()
        let volume = MappingModelFixture.EntityMapping(
            "VolumeToVolume", source: "Volume", destination: "Volume", type: "Transform",
            attributes: [("titleKey", .selector("uppercaseString", source: "isRead"))])
        let plan = ModelBundlePlan(bundle: try bundle(in: folder, volume: volume), progressive: true)
        let step = plan.step(from: 0, to: 1)
        #expect(!step.runsMapping)
        #expect(
            step.mappingNotes.contains {
                $0.contains(
                    "Volume.titleKey = FUNCTION($source.isRead, \"uppercaseString\"): uppercaseString of Bool values: Strata does not evaluate it"
                )
            }, "\(step.mappingNotes)")
    }
}

/// Foundation's methods as the dry run carries them out (`MappedConversion`), on the values a store holds.
struct MappedConversionTests {
    @Test func textMethodsFollowNSString() {
        #expect(MappedConversion.leadingInteger("  42abc") == 42)
        #expect(MappedConversion.leadingInteger("-7") == -7)
        #expect(MappedConversion.leadingInteger("abc") == 0)
        #expect(MappedConversion.leadingInteger("99999999999999999999") == Int64.max)
        #expect(MappedConversion.textIsTrue("YES") && MappedConversion.textIsTrue(" true"))
        #expect(MappedConversion.textIsTrue("007") && !MappedConversion.textIsTrue("000"))
        #expect(!MappedConversion.textIsTrue("no") && !MappedConversion.textIsTrue(""))
        #expect(MappedConversion.leadingDouble(" 2.5e2kg") == 250)
        #expect(MappedConversion.leadingDouble("x") == 0)
        #expect(MappedConversion.int32.apply("5000000000".databaseValue) == Int64(Int32.max).databaseValue)
        #expect(MappedConversion.string.apply(3.0.databaseValue) == "3".databaseValue)
        #expect(MappedConversion.uppercase.apply("straße".databaseValue) == "STRASSE".databaseValue)
        #expect(MappedConversion.uppercase.apply(.null) == .null)
        // Only where Foundation's answer does not depend on a class's formatting.
        #expect(MappedConversion.string.accepts(.int16) && MappedConversion.string.accepts(.bool))
        #expect(!MappedConversion.string.accepts(.double) && !MappedConversion.description.accepts(.date))
        #expect(MappedConversion.integer.accepts(.double) && !MappedConversion.integer.accepts(.date))
        #expect(!MappedConversion.uppercase.accepts(.url))
    }
}
