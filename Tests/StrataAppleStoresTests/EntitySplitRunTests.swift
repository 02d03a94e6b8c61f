import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Synchronization
import Testing

/// An entity split in two by a mapping model, and to-many relationships carried by their relationship mappings, run
/// by the dry run as Core Data runs them (docs/APPLE_STORES.md, "Mapping models"). The model is
/// Tests/CoreDataModels/Contacts (its README): `Person`'s street and city move into a new `Address` (the entity
/// mapping `PersonToAddress`, filtered on `street != nil` as Xcode writes it, beside `PersonToPerson`), and the
/// relationship pairs `notes`/`person` and `tags`/`people` become `entries`/`writer` and `labels`/`members` without
/// renaming identifiers, so only their relationship mappings keep the links. The values expected are stated from the
/// rows written.
struct EntitySplitRunTests {
    /// The Person mapping: Xcode's generated lookup of the Address made from the same person, the relationship the
    /// inferred mapping writes for `entries`, and the manager's lookup for `labels`.
    private static let person = MappingModelFixture.EntityMapping(
        "PersonToPerson", source: "Person", destination: "Person", type: "Undefined",
        attributes: [("name", .generated)],
        relationshipValues: [
            ("home", .through(mapping: "PersonToAddress", keyPath: "$source")),
            ("entries", .sourceRelationship("notes")), ("labels", .manager(mapping: "TagToTag", source: "tags")),
        ])

    /// A copy of the Contacts bundle in `folder` with a mapping model Contacts -> Contacts 2 beside it.
    private func plan(
        in folder: ModelFolder, filter: String? = "street != nil", person: MappingModelFixture.EntityMapping = person,
        tag: [(String, MappingModelFixture.Value)] = [], extra: [MappingModelFixture.EntityMapping] = []
    ) throws -> ModelBundlePlan {
        let source = ModelBundleFixtures.folder.appendingPathComponent("Contacts/Contacts.xcdatamodeld")
        let copy = folder.url.appendingPathComponent("Contacts.xcdatamodeld")
        try FileManager.default.copyItem(at: source, to: copy)
        _ = try MappingModelFixture.write(
            "ContactsToContacts2", model: "Contacts", source: "Contacts", destination: "Contacts 2",
            mappings: [
                .init(
                    "PersonToAddress", source: "Person", destination: "Address", type: "Undefined",
                    attributes: [("street", .generated), ("city", .generated)],
                    relationshipValues: [("resident", .through(mapping: "PersonToPerson", keyPath: "$source"))],
                    filter: filter),
                person,
                .init(
                    "NoteToNote", source: "Note", destination: "Note", type: "Undefined",
                    attributes: [("text", .generated)]),
                .init(
                    "TagToTag", source: "Tag", destination: "Tag", type: "Undefined",
                    attributes: [("label", .generated)], relationshipValues: tag),
            ] + extra, in: folder.url)
        return ModelBundlePlan(bundle: try ModelBundle(url: copy), progressive: true)
    }

    /// Ada (Paris, 1 Main St), Bob (Rome, no street), Cy (3 Elm, no city); notes of Ada, Ada, Cy and nobody; tags
    /// work (Ada, Cy) and family (Ada).
    private static func rows(_ db: Database) throws {
        let pk = StoreLayout.primaryKey
        let people: [(Int, String, String?, String?)] = [
            (1, "Ada", "1 Main St", "Paris"), (2, "Bob", nil, "Rome"), (3, "Cy", "3 Elm", nil),
        ]
        for (key, name, street, city) in people {
            try db.execute(
                sql: "INSERT INTO \"Person\" (\"\(pk)\", \"name\", \"street\", \"city\") VALUES (?, ?, ?, ?)",
                arguments: [key, name, street, city])
        }
        for (key, text, person) in [(1, "call", 1), (2, "gift", 1), (3, "rent", 3), (4, "loose", nil)]
            as [(Int, String, Int?)]
        {
            try db.execute(
                sql: "INSERT INTO \"Note\" (\"\(pk)\", \"text\", \"person\") VALUES (?, ?, ?)",
                arguments: [key, text, person])
        }
        for (key, label) in [(1, "work"), (2, "family")] {
            try db.execute(sql: "INSERT INTO \"Tag\" (\"\(pk)\", \"label\") VALUES (?, ?)", arguments: [key, label])
        }
        for (person, tag) in [(1, 1), (3, 1), (1, 2)] {
            try db.execute(
                sql: "INSERT INTO \"_Person_tags\" (\"source\", \"target\") VALUES (?, ?)", arguments: [person, tag])
        }
    }

    private static func fetch(_ store: URL, _ sql: String) throws -> [Row] {
        try DatabaseQueue(path: store.path).read { db in try Row.fetchAll(db, sql: sql) }
    }

    @Test func aSplitEntityIsMadeFromTheSourceRowsAndToManyLinksFollowTheirMappings() throws {
        let folder = try ModelFolder()
        let plan = try plan(in: folder)
        let step = plan.step(from: 0, to: 1)
        #expect(step.runsMapping, "\(step.mappingNotes)")
        #expect(
            step.mappingNotes == [
                "entity mapping PersonToAddress (Undefined): run here: one Address per Person where street != nil, street = $source.street, city = $source.city, resident = FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"PersonToPerson\", $source)",
                "entity mapping PersonToPerson (Undefined): run here: name = $source.name, home = FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"PersonToAddress\", $source), entries = FUNCTION($manager, \"destinationInstancesForSourceRelationshipNamed:sourceInstances:\", \"notes\", FUNCTION($source, \"valueForKey:\", \"notes\")), labels = FUNCTION($manager, \"destinationInstancesForEntityMappingNamed:sourceInstances:\", \"TagToTag\", $source.tags)",
                "entity mapping NoteToNote (Undefined): run here: text = $source.text",
                "entity mapping TagToTag (Undefined): run here: label = $source.label",
            ])
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty, "\(problems)")
        let store = try folder.strataStore("Contacts.store", at: plan.schemas[0], fill: Self.rows)
        let migrator = try Migrator(store: store, validated: validated)
        // Person's street, city, notes and tags leave the model, but the mapping carries them into Address,
        // entries and labels: no loss is counted or warned of.
        let stage = try #require(migrator.pending.first)
        #expect(try migrator.findings(of: stage).filter(\.isLoss).isEmpty)
        let warnings = Mutex<[String]>([])
        migrator.onEvent = { event in
            if case .warning(_, let message) = event { warnings.withLock { $0.append(message) } }
        }
        #expect(try migrator.runAll().count == 1)
        #expect(warnings.withLock { $0 }.filter { $0.contains("removes data") }.isEmpty, "\(warnings.withLock { $0 })")
        let pk = StoreLayout.primaryKey
        let addresses = try Self.fetch(store, "SELECT * FROM \"Address\" ORDER BY \"\(pk)\"")
        #expect(addresses.map { $0[pk] as Int64 } == [1, 3])
        #expect(addresses.map { $0["street"] as String? } == ["1 Main St", "3 Elm"])
        #expect(addresses.map { $0["city"] as String? } == ["Paris", nil])
        #expect(addresses.map { $0["country"] as String? } == ["Unknown", "Unknown"])
        #expect(addresses.map { $0["resident"] as Int64? } == [1, 3])
        let people = try Self.fetch(store, "SELECT * FROM \"Person\" ORDER BY \"\(pk)\"")
        #expect(people.map { $0["name"] as String? } == ["Ada", "Bob", "Cy"])
        #expect(people.map { $0["home"] as Int64? } == [1, nil, 3])
        let notes = try Self.fetch(store, "SELECT \"writer\" FROM \"Note\" ORDER BY \"\(pk)\"")
        #expect(notes.map { $0["writer"] as Int64? } == [1, 1, 3, nil])
        let labels = try Self.fetch(store, "SELECT \"source\", \"target\" FROM \"_Person_labels\" ORDER BY 1, 2")
        #expect(labels.map { [$0["source"] as Int64, $0["target"] as Int64] } == [[1, 1], [1, 2], [3, 1]])
        let left = try Self.fetch(
            store, "SELECT name FROM sqlite_master WHERE name LIKE '_strata_mapped_%' OR name = '_Person_tags'")
        #expect(left.isEmpty)
    }

    @Test func aManyToManyMappedOnItsOtherSideFillsTheSameLinksAndAnUnfilteredSplitMakesARowPerSourceRow() throws {
        let folder = try ModelFolder()
        let person = MappingModelFixture.EntityMapping(
            "PersonToPerson", source: "Person", destination: "Person", type: "Undefined",
            attributes: [("name", .generated)],
            relationshipValues: [
                ("home", .through(mapping: "PersonToAddress", keyPath: "$source")),
                ("entries", .through(mapping: "NoteToNote", keyPath: "notes")),
            ])
        let plan = try plan(
            in: folder, filter: nil, person: person,
            tag: [("members", .entityPolicy(relationship: "people"))])
        #expect(plan.step(from: 0, to: 1).runsMapping, "\(plan.step(from: 0, to: 1).mappingNotes)")
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty, "\(problems)")
        let store = try folder.strataStore("Contacts.store", at: plan.schemas[0], fill: Self.rows)
        _ = try Migrator(store: store, validated: validated).runAll()
        let pk = StoreLayout.primaryKey
        let addresses = try Self.fetch(store, "SELECT * FROM \"Address\" ORDER BY \"\(pk)\"")
        #expect(addresses.map { $0[pk] as Int64 } == [1, 2, 3])
        #expect(addresses.map { $0["street"] as String? } == ["1 Main St", nil, "3 Elm"])
        let people = try Self.fetch(store, "SELECT \"home\" FROM \"Person\" ORDER BY \"\(pk)\"")
        #expect(people.map { $0["home"] as Int64? } == [1, 2, 3])
        let notes = try Self.fetch(store, "SELECT \"writer\" FROM \"Note\" ORDER BY \"\(pk)\"")
        #expect(notes.map { $0["writer"] as Int64? } == [1, 1, 3, nil])
        let labels = try Self.fetch(store, "SELECT \"source\", \"target\" FROM \"_Person_labels\" ORDER BY 1, 2")
        #expect(labels.map { [$0["source"] as Int64, $0["target"] as Int64] } == [[1, 1], [1, 2], [3, 1]])
    }

    @Test func aFilterStrataDoesNotEvaluateAndAMergeStopTheStepNamingThem() throws {
        let folder = try ModelFolder()
        let plan = try plan(in: folder, filter: "city BEGINSWITH 'P'")
        let step = plan.step(from: 0, to: 1)
        #expect(!step.runsMapping)
        #expect(
            step.mappingNotes.first?.hasPrefix(
                "entity mapping PersonToAddress (Undefined): not run here: maps only the Person objects \"city BEGINSWITH 'P'\" selects, a predicate Strata does not evaluate (it evaluates KEY != nil and KEY == nil)"
            ) == true, "\(step.mappingNotes)")
        // Two entity mappings making Address objects: a merge.
        let other = try ModelFolder()
        let merged = MappingModelFixture.EntityMapping(
            "NoteToAddress", source: "Note", destination: "Address", type: "Undefined",
            attributes: [("street", .source("text"))])
        let mergeStep = try self.plan(in: other, filter: nil, extra: [merged]).step(from: 0, to: 1)
        #expect(!mergeStep.runsMapping)
        #expect(
            mergeStep.mappingNotes.contains {
                $0.hasPrefix(
                    "entity mapping NoteToAddress (Undefined): not run here: makes Address objects as entity mapping PersonToAddress does, a merge Strata does not run"
                )
            }, "\(mergeStep.mappingNotes)")
    }
}
