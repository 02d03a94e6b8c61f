import Foundation
import GRDB
import Testing

@testable import Strata

/// `BulkStoreWriter`, the one writer of new stores from bulk rows (imports of Apple stores, sample stores): what it
/// writes is a store a container opens as written by a save, keys included.
@Suite struct BulkStoreWriterTests {
    let directory = TemporaryDirectory()

    /// Three items by one writer, written in bulk at the catalogue's schema.
    func written(_ url: URL) throws {
        let schema = Schema(Catalog.Item.self)
        try BulkStoreWriter.create(at: url, schema: schema) { writer in
            try writer.rows(of: "Writer", columns: ["name"]).insert(key: 7, ["Frank Herbert".databaseValue])
            let items = try writer.rows(
                of: "Item", columns: ["title", "pages", "status", "priority", "published", "rating", "subtitle"])
            for (key, title) in [(1, "Dune"), (2, "Dune Messiah"), (3, "Children of Dune")] {
                try items.insert(
                    key: Int64(key),
                    [
                        title.databaseValue, 400.databaseValue, "todo".databaseValue, 2.databaseValue,
                        0.0.databaseValue, .null, .null,
                    ])
            }
            let item = try #require(schema.entitiesByName["Item"])
            let author = try #require(item.relationship(named: "writer"))
            for key in 1...3 { #expect(try writer.link(author, of: item, owner: Int64(key), target: 7)) }
            let writerEntity = try #require(schema.entitiesByName["Writer"])
            let itemsOfWriter = try #require(writerEntity.relationship(named: "items"))
            #expect(!writer.writesLinks(of: itemsOfWriter, in: writerEntity), "Item.writer's column holds them")
            #expect(try !writer.link(itemsOfWriter, of: writerEntity, owner: 7, target: 1))
        }
    }

    @Test func aContainerReadsTheRowsAndLinksWritten() throws {
        let url = directory.store("bulk")
        try written(url)
        let context = ModelContext(try openContainer(Catalog.Item.self, at: url))
        let items = try context.fetch(FetchDescriptor<Catalog.Item>(sortBy: [SortDescriptor(\.title)]))
        #expect(items.map(\.title) == ["Children of Dune", "Dune", "Dune Messiah"])
        #expect(items.allSatisfy { $0.writer?.name == "Frank Herbert" && $0.status == .todo && $0.priority == .normal })
        let writer = try #require(try context.fetch(FetchDescriptor<Catalog.Writer>()).first)
        #expect(writer.items.count == 3)
    }

    /// The highest key written is recorded as a save records it: a row deleted after the import never gives its key
    /// to a new row (imports and sample stores once left it to the table's largest key, so the key came back).
    @Test func aDeletedRowsKeyIsNeverHandedOutAgain() throws {
        let url = directory.store("keys")
        try written(url)
        let context = ModelContext(try openContainer(Catalog.Item.self, at: url))
        let last = try #require(
            try context.fetch(FetchDescriptor<Catalog.Item>()).first { $0.title == "Children of Dune" })
        #expect(last.persistentModelID.primaryKey == 3)
        context.delete(last)
        try context.save()
        let new = Catalog.Item(title: "God Emperor of Dune", pages: 496, published: Catalog.date(1981))
        context.insert(new)
        try context.save()
        #expect(new.persistentModelID.primaryKey == 4)
    }

    @Test func aFailureLeavesNoFileAndAnExistingFileIsRefused() throws {
        let url = directory.store("failing")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try BulkStoreWriter.create(at: url, schema: Schema(Catalog.Item.self)) { writer in
                try writer.rows(of: "Writer", columns: ["name"]).insert(key: 1, ["Rousseau".databaseValue])
                throw Stop()
            }
        }
        for suffix in ["", "-wal", "-shm"] { #expect(!FileManager.default.fileExists(atPath: url.path + suffix)) }

        let existing = directory.store("existing")
        try Data("keep me".utf8).write(to: existing)
        #expect(throws: StrataError.self) {
            try BulkStoreWriter.create(at: existing, schema: Schema(Catalog.Item.self)) { _ in }
        }
        #expect(try Data(contentsOf: existing) == Data("keep me".utf8))
    }
}
