import Foundation
import Strata
import Testing

/// The seed "turn a non-versioned model into a versioned one": an app first shipped `Record` without a
/// versioned schema, then wrapped it in V1 (0.0.1) and added V2 (0.1.0) with a custom stage.
enum Unversioned {
    @Model final class Record {
        var title: String
        var content: String
        var createTime: Date
        init(title: String, content: String, createTime: Date) {
            self.title = title
            self.content = content
            self.createTime = createTime
        }
    }
}

enum RecordSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(0, 0, 1)
    static var models: [any PersistentModel.Type] { [Record.self] }
    @Model final class Record {
        var title: String
        var content: String
        var createTime: Date
        init(title: String, content: String, createTime: Date) {
            self.title = title
            self.content = content
            self.createTime = createTime
        }
    }
}

enum RecordSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(0, 1, 0)
    static var models: [any PersistentModel.Type] { [Record.self] }
    @Model final class Record {
        var title: String
        var content: String
        var createTime: Date
        var isFavorite: Bool?
        init(title: String, content: String, createTime: Date, isFavorite: Bool? = false) {
            self.title = title
            self.content = content
            self.createTime = createTime
            self.isFavorite = isFavorite
        }
    }
}

enum RecordPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [RecordSchemaV1.self, RecordSchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }
    static let migrateV1toV2 = MigrationStage.custom(fromVersion: RecordSchemaV1.self, toVersion: RecordSchemaV2.self) {
        context in
        for record in try context.fetch(FetchDescriptor<RecordSchemaV1.Record>()) {
            record.title = record.title.capitalized
        }
        try context.save()
    } didMigrate: { context in
        for record in try context.fetch(FetchDescriptor<RecordSchemaV2.Record>()) { record.isFavorite = true }
        try context.save()
    }
}

/// Renames chained across versions: name -> title (V2) -> heading (V3).
enum ChainV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }
    @Model final class Note {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum ChainV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }
    @Model final class Note {
        @Attribute(originalName: "name") var title: String
        init(title: String) { self.title = title }
    }
}

enum ChainV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }
    @Model final class Note {
        @Attribute(originalName: "title") var heading: String
        init(heading: String) { self.heading = heading }
    }
}

enum ChainPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ChainV1.self, ChainV2.self, ChainV3.self] }
    static var stages: [MigrationStage] {
        [
            .lightweight(fromVersion: ChainV1.self, toVersion: ChainV2.self),
            .lightweight(fromVersion: ChainV2.self, toVersion: ChainV3.self),
        ]
    }
}

/// V1 "modified after it shipped": same identifier 1.0.0, an extra attribute.
enum ChainV1Modified: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }
    @Model final class Note {
        var name: String
        var pinned: Bool = false
        init(name: String) { self.name = name }
    }
}

enum ModifiedPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ChainV1Modified.self, ChainV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: ChainV1Modified.self, toVersion: ChainV2.self)] }
}

@Suite struct AdoptionAndRenameTests {
    @Test func anUnversionedStoreIsAdoptedAsTheVersionItMatches() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("records")
        do {
            let context = ModelContext(
                try ModelContainer(for: Unversioned.Record.self, configurations: ModelConfiguration(url: url)))
            context.insert(
                Unversioned.Record(
                    title: "hello world", content: "x", createTime: Date(timeIntervalSinceReferenceDate: 5)))
            try context.save()
        }
        #expect(try StoreInspector(url: url).version() == nil)
        let container = try ModelContainer(
            for: Schema([RecordSchemaV2.Record.self]), migrationPlan: RecordPlan.self,
            configurations: ModelConfiguration(url: url))
        let records = try ModelContext(container).fetch(FetchDescriptor<RecordSchemaV2.Record>())
        #expect(records.map(\.title) == ["Hello World"])
        #expect(records.map(\.isFavorite) == [true])
        #expect(try StoreInspector(url: url).version() == Schema.Version(0, 1, 0))
    }

    @Test func renamesChainAcrossVersionsFromEveryOlderVersion() throws {
        for start in [ChainV1.self, ChainV2.self] as [any VersionedSchema.Type] {
            let directory = TemporaryDirectory()
            let url = directory.store("notes")
            do {
                let container = try ModelContainer(
                    for: Schema(versionedSchema: ChainV1.self), configurations: ModelConfiguration(url: url))
                let context = ModelContext(container)
                context.insert(ChainV1.Note(name: "groceries"))
                try context.save()
            }
            if start == ChainV2.self {
                _ = try ModelContainer(
                    for: Schema(versionedSchema: ChainV2.self), migrationPlan: ChainPlan.self,
                    configurations: ModelConfiguration(url: url))
            }
            let container = try ModelContainer(
                for: Schema(versionedSchema: ChainV3.self), migrationPlan: ChainPlan.self,
                configurations: ModelConfiguration(url: url))
            #expect(try ModelContext(container).fetch(FetchDescriptor<ChainV3.Note>()).map(\.heading) == ["groceries"])
            #expect(try StoreInspector(url: url).history().count == 2)
        }
    }

    @Test func aShippedSchemaModifiedLaterIsNamedWithItsDifferences() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("notes")
        do {
            let context = ModelContext(
                try ModelContainer(
                    for: Schema(versionedSchema: ChainV1.self), configurations: ModelConfiguration(url: url)))
            context.insert(ChainV1.Note(name: "groceries"))
            try context.save()
        }
        let before = storeHashes(url)
        #expect {
            _ = try ModelContainer(
                for: Schema(versionedSchema: ChainV2.self), migrationPlan: ModifiedPlan.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            let text = "\((error as? SwiftDataError)?.underlyingError ?? error)"
            return (error as? SwiftDataError) == .loadIssueModelContainer
                && text.hasPrefix("1.0.0 was modified after it shipped")
                && text.contains("Note.pinned added (Bool, required, default false)")
        }
        #expect(storeHashes(url) == before)
    }
}
