import Foundation
import GRDB
import Strata
import Testing

/// A notes app's first version: notes filed in folders and tagged, each note's unique slug and body, and reminders
/// pointing at a note.
enum JottingsV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Folder.self, Note.self, Tag.self, Reminder.self] }

    @Model final class Folder {
        var name: String
        @Relationship(inverse: \Note.folder) var notes: [Note] = []

        init(name: String) { self.name = name }
    }

    @Model final class Note {
        @Attribute(.unique) var slug: String
        var body: String
        var folder: Folder?
        @Relationship(inverse: \Tag.notes) var tags: [Tag] = []

        init(slug: String, body: String, folder: Folder?) {
            self.slug = slug
            self.body = body
            self.folder = folder
        }
    }

    @Model final class Tag {
        var name: String
        var notes: [Note] = []

        init(name: String) { self.name = name }
    }

    @Model final class Reminder {
        var due: Date
        var note: Note?

        init(due: Date, note: Note?) {
            self.due = due
            self.note = note
        }
    }
}

/// The second version: `Note` is now `Thought` (its `body` now `text`); folders and tags point at it under its new
/// name. `@Model` cannot declare an entity's earlier name (SwiftData has no such option), so the plan's second
/// schema is these types' description with `originalName` set, as the Core Data reader sets it from a renaming
/// identifier.
enum JottingsV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Folder.self, Thought.self, Tag.self, Reminder.self] }

    @Model final class Folder {
        var name: String
        @Relationship(inverse: \Thought.folder) var notes: [Thought] = []

        init(name: String) { self.name = name }
    }

    @Model final class Thought {
        @Attribute(.unique) var slug: String
        @Attribute(originalName: "body") var text: String
        var folder: Folder?
        @Relationship(inverse: \Tag.notes) var tags: [Tag] = []

        init(slug: String, text: String, folder: Folder?) {
            self.slug = slug
            self.text = text
            self.folder = folder
        }
    }

    @Model final class Tag {
        var name: String
        var notes: [Thought] = []

        init(name: String) { self.name = name }
    }

    @Model final class Reminder {
        var due: Date
        var note: Thought?

        init(due: Date, note: Thought?) {
            self.due = due
            self.note = note
        }
    }

    /// The schema with Thought's earlier name, `Note`.
    static var renamedSchema: Schema { schema(renaming: ["Thought": "Note"]) }

    /// The schema with these entities given these earlier names.
    static func schema(renaming names: [String: String], adding extra: [Schema.Entity] = []) -> Schema {
        let entities = Schema(versionedSchema: JottingsV2.self).entities.map { entity in
            var entity = entity
            entity.originalName = names[entity.name]
            return entity
        }
        return Schema(entities: entities + extra, version: versionIdentifier)
    }
}

/// An entity renamed through `originalName` keeps its rows, keys, links and values: checked on a real store by plain
/// SQL and by fetching with the second version's models, in a dry run's row changes, and refused when ambiguous.
@Suite struct EntityRenameTests {
    /// A V1 store: two folders, three notes (one without a folder), three tags, and a fourth note deleted again (so
    /// the key counter, 4, is above the table's largest key); returns its path.
    func makeV1(in directory: TemporaryDirectory) throws -> URL {
        let url = directory.store("jottings")
        let container = try ModelContainer(
            for: Schema(versionedSchema: JottingsV1.self), configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let home = JottingsV1.Folder(name: "Home")
        let work = JottingsV1.Folder(name: "Work")
        let tags = ["idea", "todo", "later"].map(JottingsV1.Tag.init)
        let notes = [
            JottingsV1.Note(slug: "bread", body: "rye, salt, water", folder: home),
            JottingsV1.Note(slug: "standup", body: "ask about the release", folder: work),
            JottingsV1.Note(slug: "loose", body: "no folder", folder: nil),
        ]
        for model in [home, work] { context.insert(model) }
        for tag in tags { context.insert(tag) }
        for note in notes { context.insert(note) }
        notes[0].tags = [tags[0], tags[1]]
        notes[1].tags = [tags[1]]
        context.insert(JottingsV1.Reminder(due: Date(timeIntervalSinceReferenceDate: 86_400), note: notes[0]))
        try context.save()
        let scratch = JottingsV1.Note(slug: "scratch", body: "deleted", folder: nil)
        context.insert(scratch)
        try context.save()
        context.delete(scratch)
        try context.save()
        return url
    }

    func plan(_ second: Schema) throws -> ValidatedPlan {
        try ValidatedPlan(
            checked: ValidatedPlan.check(
                name: "JottingsPlan", schemas: [Schema(versionedSchema: JottingsV1.self), second], stages: []))
    }

    @Test func theDiffNamesTheRenameAndKeepsTheLinksThatFollowIt() throws {
        let diff = SchemaDiff(from: Schema(versionedSchema: JottingsV1.self), to: JottingsV2.renamedSchema)
        #expect(
            diff.changes.map(\.description).sorted() == [
                "Thought.text renamed from body", "entity Thought renamed from Note",
            ])
        #expect(diff.changes.allSatisfy { $0.classification == .lightweight })
        // Without the earlier name the same schemas are a removal and an addition.
        let unnamed = SchemaDiff(from: Schema(versionedSchema: JottingsV1.self), to: JottingsV2.schema(renaming: [:]))
        #expect(unnamed.changes.map(\.description).contains("entity Note removed"))
        // The earlier name is not part of what the schema stores: the V2 models are the same version.
        #expect(JottingsV2.renamedSchema.fingerprint == Schema(versionedSchema: JottingsV2.self).fingerprint)
    }

    @Test func aRenameCarriesRowsKeysLinksAndValues() throws {
        let directory = TemporaryDirectory()
        let url = try makeV1(in: directory)
        let before = try DatabaseQueue(path: url.path).read { db in
            (
                notes: try Row.fetchAll(db, sql: "SELECT _pk, slug, body, folder FROM Note ORDER BY _pk"),
                links: try Row.fetchAll(db, sql: "SELECT source, target FROM _Note_tags ORDER BY source, target"),
                lastKey: try String.fetchOne(db, sql: "SELECT value FROM _strata_metadata WHERE key = 'lastKey.Note'")
            )
        }
        #expect(before.notes.count == 3 && before.links.count == 3)

        let migrator = try Migrator(store: url, validated: try plan(JottingsV2.renamedSchema))
        #expect(migrator.pending.map(\.kind) == [.inferred])
        _ = try migrator.runAll()

        let queue = try DatabaseQueue(path: url.path)
        try queue.read { db in
            let tables = try String.fetchAll(
                db,
                sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_strata%' ORDER BY name")
            // "Tag.notes" now sorts before "Thought.tags": the many-to-many's join table moves to Tag's side.
            #expect(tables == ["Folder", "Reminder", "Tag", "Thought", "_Tag_notes"])
            let thoughts = try Row.fetchAll(db, sql: "SELECT _pk, slug, text, folder FROM Thought ORDER BY _pk")
            #expect(thoughts.map { $0["_pk"] as Int64 } == before.notes.map { $0["_pk"] as Int64 })
            #expect(thoughts.map { $0["slug"] as String } == before.notes.map { $0["slug"] as String })
            #expect(thoughts.map { $0["text"] as String } == before.notes.map { $0["body"] as String })
            #expect(thoughts.map { $0["folder"] as Int64? } == before.notes.map { $0["folder"] as Int64? })
            let links = try Row.fetchAll(db, sql: "SELECT target, source FROM _Tag_notes ORDER BY target, source")
            #expect(links.map { [$0[0] as Int64, $0[1] as Int64] } == before.links.map { [$0[0], $0[1]] })
            // Other tables' foreign keys name the new table, the indexes are named after it, the key counter follows.
            let reminderSQL = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'Reminder'")
            #expect(reminderSQL?.contains("\"note\" INTEGER REFERENCES \"Thought\"") == true)
            #expect(try Int64.fetchOne(db, sql: "SELECT note FROM Reminder") == before.notes[0]["_pk"])
            let joinSQL = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = '_Tag_notes'")
            #expect(joinSQL?.contains("REFERENCES \"Thought\"") == true)
            #expect(joinSQL?.contains("\"Note\"") == false)
            let indexes = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Thought' ORDER BY name")
            #expect(indexes == ["Thought_folder_fk", "Thought_slug_unique"])
            let keys = try Row.fetchAll(
                db, sql: "SELECT key, value FROM _strata_metadata WHERE key LIKE 'lastKey.%' ORDER BY key")
            #expect(keys.map { $0["key"] as String }.contains("lastKey.Note") == false)
            #expect(keys.first { ($0["key"] as String) == "lastKey.Thought" }.map { $0["value"] as String } == "4")
            #expect(before.lastKey == "4")
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
        try queue.close()

        // The second version's models open the store and fetch the notes with their folders and tags.
        let container = try ModelContainer(
            for: Schema(versionedSchema: JottingsV2.self), configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let thoughts = try context.fetch(FetchDescriptor<JottingsV2.Thought>(sortBy: [SortDescriptor(\.slug)]))
        #expect(thoughts.map(\.slug) == ["bread", "loose", "standup"])
        #expect(thoughts.map(\.text) == ["rye, salt, water", "no folder", "ask about the release"])
        #expect(thoughts.map { $0.folder?.name } == ["Home", nil, "Work"])
        #expect(thoughts.map { $0.tags.map(\.name).sorted() } == [["idea", "todo"], [], ["todo"]])
        let folders = try context.fetch(FetchDescriptor<JottingsV2.Folder>(sortBy: [SortDescriptor(\.name)]))
        #expect(folders.map { $0.notes.map(\.slug) } == [["bread"], ["standup"]])
        let reminder = try #require(try context.fetch(FetchDescriptor<JottingsV2.Reminder>()).first)
        #expect(reminder.note?.slug == "bread")
        let todo = try #require(try context.fetch(FetchDescriptor<JottingsV2.Tag>()).first { $0.name == "todo" })
        #expect(todo.notes.map(\.slug).sorted() == ["bread", "standup"])
        // A new thought gets a key above every key the notes used, the deleted one's included.
        let fresh = JottingsV2.Thought(slug: "new", text: "after the rename", folder: folders[0])
        context.insert(fresh)
        try context.save()
        #expect(
            try DatabaseQueue(path: url.path).read { db in
                try Int64.fetchOne(db, sql: "SELECT _pk FROM Thought WHERE slug = 'new'")
            } == 5)
    }

    @Test func aDryRunPairsTheRenamedEntitysRowsWithTheOldOnes() throws {
        let directory = TemporaryDirectory()
        let url = try makeV1(in: directory)
        let report = try Migrator.dryRun(
            store: url, validated: try plan(JottingsV2.renamedSchema), rows: RowChangeOptions(sampleLimit: 3))
        #expect(report.succeeded)
        let stage = try #require(report.stages.first)
        #expect(stage.findings.filter(\.isLoss).isEmpty)
        #expect(stage.steps.map(\.summary).first == "rename Note to Thought")
        let thought = try #require(stage.rowChanges.first { $0.entity == "Thought" })
        #expect(thought.renamedFrom == "Note")
        #expect(thought.unchanged == 3 && thought.changed == 0 && thought.inserted == 0 && thought.deleted == 0)
        #expect(!stage.rowChanges.contains { $0.entity == "Note" })
        #expect(thought.samples.isEmpty)

        // Since the store's version, as the UI pages them: Thought's rows are Note's, value for value.
        let migrator = try Migrator.onPrivateCopy(of: url, validated: try plan(JottingsV2.renamedSchema))
        try migrator.recordRowChanges(RowChangeOptions(sampleLimit: 0))
        _ = try migrator.runNextStage()
        let recorder = try #require(migrator.rowRecorder)
        let counts = try #require(try recorder.changesSinceStore(of: "Thought"))
        #expect(counts.renamedFrom == "Note" && counts.unchanged == 3 && counts.deleted == 0)
        #expect(try recorder.changesSinceStore(of: "Note") == nil)
        #expect(recorder.properties(of: "Thought").contains { $0.after == "text" && $0.before == "body" })
        let rows = try recorder.page(of: "Thought", kind: nil, counts: counts, offset: 0, limit: 10)
        #expect(rows.map(\.kind) == [.unchanged, .unchanged, .unchanged])
        #expect(rows.map { $0.before?["body"] } == rows.map { $0.after?["text"] })
        #expect(rows.first?.after?["text"] == .text("rye, salt, water"))
    }

    @Test func ambiguousRenamesAreRefusedByThePlanCheck() throws {
        let v1 = Schema(versionedSchema: JottingsV1.self)
        // Two entities claim Note as their earlier name.
        let scrap = Schema.Entity(
            name: "Scrap", originalName: "Note",
            attributes: [Schema.Attribute(name: "slug", valueType: .string)])
        let twice = ValidatedPlan.check(
            name: "JottingsPlan", schemas: [v1, JottingsV2.schema(renaming: ["Thought": "Note"], adding: [scrap])],
            stages: [])
        #expect(
            twice.problems == [
                "2.0.0: entities Thought and Scrap all have originalName Note: one entity can be renamed only once; keep originalName on one of them"
            ])
        // The earlier name is still an entity of the new version.
        let note = Schema.Entity(name: "Note", attributes: [Schema.Attribute(name: "slug", valueType: .string)])
        let kept = ValidatedPlan.check(
            name: "JottingsPlan", schemas: [v1, JottingsV2.schema(renaming: ["Thought": "Note"], adding: [note])],
            stages: [])
        #expect(
            kept.problems == [
                "2.0.0: entity Thought has originalName Note, but the new version still has an entity Note: a rename leaves no entity under the old name; remove originalName, or rename or remove Note"
            ])
        // The new name is an entity of the previous version too: Thought cannot be both.
        let thought = Schema.Entity(name: "Thought", attributes: [Schema.Attribute(name: "slug", valueType: .string)])
        let both = ValidatedPlan.check(
            name: "JottingsPlan",
            schemas: [Schema(entities: v1.entities + [thought], version: v1.version), JottingsV2.renamedSchema],
            stages: [])
        #expect(
            both.problems == [
                "2.0.0: entity Thought has originalName Note, but the previous version has both Thought and Note: it cannot be both; remove originalName, or remove or rename one of them in the previous version"
            ])
        // A stale originalName is harmless step by step, but a single inferred jump across it is ambiguous: refused.
        let slug = Schema.Attribute(name: "slug", valueType: .string)
        let first = Schema(
            entities: [
                Schema.Entity(name: "Note", attributes: [slug]), Schema.Entity(name: "Memo", attributes: [slug]),
            ],
            version: Schema.Version(1, 0, 0))
        let second = Schema(
            entities: [Schema.Entity(name: "Memo", attributes: [slug])], version: Schema.Version(2, 0, 0))
        let pinned = Schema.Attribute(name: "pinned", valueType: .bool, isOptional: true)
        let third = Schema(
            entities: [Schema.Entity(name: "Memo", originalName: "Note", attributes: [slug, pinned])],
            version: Schema.Version(3, 0, 0))
        let stale = try ValidatedPlan(
            checked: ValidatedPlan.check(name: "MemoPlan", schemas: [first, second, third], stages: []))
        #expect(throws: MigrationError.self) { try stale.stages(from: first, to: third) }
        do {
            _ = try stale.stages(from: first, to: third)
        } catch {
            #expect("\(error)".contains("the renames of entities are ambiguous"))
            #expect(
                "\(error)".contains(
                    "entity Memo has originalName Note, but the previous version has both Memo and Note"))
        }
        #expect(try stale.stages(from: second, to: third).map(\.kind) == [.inferred])
        // The plan is refused before a migrator opens the store, which stays as it was.
        let directory = TemporaryDirectory()
        let url = try makeV1(in: directory)
        let bytes = try Data(contentsOf: url)
        #expect(throws: MigrationError.self) { try Migrator(store: url, validated: try ValidatedPlan(checked: kept)) }
        #expect(try Data(contentsOf: url) == bytes)
    }
}
