import Foundation
import Strata
import Testing

/// One schema per row of the seed's lightweight table, each a change of `Item` V1.
enum TableRows {
    enum V1: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }
        @Model final class Item {
            var name: String
            var count: Int
            var note: String?
            var level: Int = 1
            init(name: String, count: Int) {
                self.name = name
                self.count = count
            }
        }
    }

    enum AddOptional: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 1, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }
        @Model final class Item {
            var name: String
            var count: Int
            var note: String?
            var level: Int = 1
            var added: Date?
            init(name: String, count: Int) {
                self.name = name
                self.count = count
            }
        }
    }

    enum AddRequiredWithDefault: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 2, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }
        @Model final class Item {
            var name: String
            var count: Int
            var note: String?
            var level: Int = 1
            var priority: Int = 5
            init(name: String, count: Int) {
                self.name = name
                self.count = count
            }
        }
    }

    enum RemoveProperty: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 3, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }
        @Model final class Item {
            var name: String
            var note: String?
            var level: Int = 1
            init(name: String) { self.name = name }
        }
    }

    enum Rename: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 4, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }
        @Model final class Item {
            @Attribute(originalName: "name") var title: String
            var count: Int
            var note: String?
            var level: Int = 1
            init(title: String, count: Int) {
                self.title = title
                self.count = count
            }
        }
    }

    enum AddModel: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 5, 0)
        static var models: [any PersistentModel.Type] { [V1.Item.self, Extra.self] }
        @Model final class Extra {
            var label: String
            init(label: String) { self.label = label }
        }
    }

    enum MakeOptional: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 6, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }
        @Model final class Item {
            var name: String
            var count: Int?
            var note: String?
            var level: Int = 1
            init(name: String) { self.name = name }
        }
    }

    enum ChangeType: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 0, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }
        @Model final class Item {
            var name: String
            var count: String
            var note: String?
            var level: Int = 1
            init(name: String, count: String) {
                self.name = name
                self.count = count
            }
        }
    }

    enum ChangeDefault: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 1, 0)
        static var models: [any PersistentModel.Type] { [Item.self] }
        @Model final class Item {
            var name: String
            var count: Int
            var note: String?
            var level: Int = 2
            init(name: String, count: Int) {
                self.name = name
                self.count = count
            }
        }
    }
}

@Suite struct LightweightTableTests {
    func classify(_ to: any VersionedSchema.Type) -> [String] {
        SchemaDiff(from: Schema(versionedSchema: TableRows.V1.self), to: Schema(versionedSchema: to)).changes.map {
            "\($0) => \($0.classification.label)"
        }
    }

    @Test func addAnOptionalPropertyIsLightweight() {
        #expect(classify(TableRows.AddOptional.self) == ["Item.added added (Date, optional) => lightweight"])
    }

    @Test func addARequiredPropertyWithADefaultIsLightweight() {
        #expect(
            classify(TableRows.AddRequiredWithDefault.self) == [
                "Item.priority added (Int, required, default 5) => lightweight"
            ])
    }

    @Test func removeAPropertyIsLightweightAndLosesItsValues() {
        #expect(classify(TableRows.RemoveProperty.self) == ["Item.count removed (Int) => destructive"])
    }

    @Test func renameWithOriginalNameIsLightweight() {
        #expect(classify(TableRows.Rename.self) == ["Item.title renamed from name => lightweight"])
    }

    @Test func addAModelIsLightweight() {
        #expect(classify(TableRows.AddModel.self) == ["entity Extra added => lightweight"])
    }

    @Test func makeARequiredPropertyOptionalIsLightweight() {
        #expect(classify(TableRows.MakeOptional.self) == ["Item.count made optional => lightweight"])
    }

    @Test func changeAPropertyTypeNeedsACustomStage() {
        #expect(classify(TableRows.ChangeType.self) == ["Item.count type changed from Int to String => custom"])
    }

    /// Existing rows keep their values and new objects take the new default; Core Data does not hash defaults, so
    /// SwiftData migrates it without code.
    @Test func changeTheDefaultOfARequiredPropertyIsLightweight() {
        #expect(classify(TableRows.ChangeDefault.self) == ["Item.level default changed from 1 to 2 => lightweight"])
    }

    @Test func eachLossFreeLightweightRowRunsAsAnInferredMigrationAndKeepsTheData() throws {
        let cases: [(any VersionedSchema.Type, String)] = [
            (TableRows.AddOptional.self, "added"), (TableRows.AddRequiredWithDefault.self, "priority"),
            (TableRows.Rename.self, "title"), (TableRows.MakeOptional.self, "count"),
        ]
        for (version, column) in cases {
            let directory = TemporaryDirectory()
            let url = directory.store()
            do {
                let container = try ModelContainer(
                    for: Schema(versionedSchema: TableRows.V1.self), configurations: ModelConfiguration(url: url))
                let context = ModelContext(container)
                context.insert(TableRows.V1.Item(name: "alpha", count: 3))
                try context.save()
            }
            _ = try ModelContainer(for: Schema(versionedSchema: version), configurations: ModelConfiguration(url: url))
            let rows = try StoreInspector(url: url).rowCounts()
            #expect(rows.first { $0.entity == "Item" }?.rows == 1, "\(version)")
            #expect(
                try StoreInspector(url: url).metadata().schema.entitiesByName["Item"]?.attribute(named: column) != nil)
            #expect(try StoreInspector(url: url).history().map(\.kind) == ["inferred"])
        }
    }
}
