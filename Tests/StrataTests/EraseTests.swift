import Foundation
import GRDB
import Testing

@testable import Strata

/// `ModelContainer.erase()` as SwiftData's (iOS 18): the store's files go, the container goes on with a new, empty
/// store; apps call it from a "reset" button or before each test, then keep using the same container.
@Suite struct EraseTests {
    let directory = TemporaryDirectory()

    /// A store with three items by two writers, saved, and the container that wrote it.
    func seeded(_ url: URL) throws -> ModelContainer {
        let container = try openContainer(Catalog.Item.self, at: url)
        let context = ModelContext(container)
        let herbert = Catalog.Writer(name: "Frank Herbert")
        for (title, pages) in [("Dune", 412), ("Dune Messiah", 256)] {
            context.insert(Catalog.Item(title: title, pages: pages, published: Catalog.date(1965), writer: herbert))
        }
        context.insert(Catalog.Item(title: "Emma", pages: 474, published: Catalog.date(1815), writer: nil))
        try context.save()
        return container
    }

    @Test func theStoreFilesAreReplacedAndTheContainerGoesOn() throws {
        let url = directory.store("reset")
        let container = try seeded(url)
        let oldIdentifiers = try ModelContext(container).fetchIdentifiers(FetchDescriptor<Catalog.Item>())
        // Held open across the erase: once the file is removed, the descriptor points to a deleted file.
        let old = try #require(FileHandle(forReadingAtPath: url.path))
        defer { try? old.close() }
        #expect(FileManager.default.fileExists(atPath: url.path + "-wal"))
        // A table someone added by hand lives in the file, not in the schema: only removing the file removes it.
        try editStore(at: url) { db in try db.execute(sql: "CREATE TABLE notes (body TEXT)") }

        try container.erase()

        let oldPath = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(old.fileDescriptor)")
        #expect(oldPath == url.path + " (deleted)")
        #expect(FileManager.default.fileExists(atPath: url.path))
        let tables = try editStoreTables(url)
        #expect(!tables.contains("notes") && tables.contains("Item") && tables.contains("Writer"))
        // The same container, a context made before the erase, and a new one all see an empty store and save to it.
        let context = container.mainContext
        #expect(try context.fetchCount(FetchDescriptor<Catalog.Item>()) == 0)
        #expect(try context.fetchCount(FetchDescriptor<Catalog.Writer>()) == 0)
        context.insert(Catalog.Item(title: "Ulysses", pages: 730, published: Catalog.date(1922)))
        try context.save()
        let reader = ModelContext(container)
        #expect(try reader.fetch(FetchDescriptor<Catalog.Item>()).map(\.title) == ["Ulysses"])
        // An identifier kept from before the erase denotes no row afterwards (SwiftData's new store has new ones).
        let newIdentifiers = try reader.fetchIdentifiers(FetchDescriptor<Catalog.Item>())
        #expect(Set(newIdentifiers).isDisjoint(with: oldIdentifiers))
        #expect(oldIdentifiers.allSatisfy { reader.registeredModel(for: $0) as Catalog.Item? == nil })
        // Another container opening the file reads the new store.
        let other = try openContainer(Catalog.Item.self, at: url)
        #expect(try ModelContext(other).fetch(FetchDescriptor<Catalog.Item>()).map(\.title) == ["Ulysses"])
    }

    @Test func theNewStoreIsOpenedOnceAndNothingIsLeftBeside() throws {
        let url = directory.store("once")
        let container = try seeded(url)
        /// The open file descriptors of this process on the store's file.
        func connections() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == url.path
            }.count
        }
        try container.erase()
        // One writer on the new file (no read has opened a reader yet): not a second one opened over the first.
        #expect(try connections() == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.contains(".erasing-") }
        #expect(leftovers.isEmpty)
        let context = ModelContext(container)
        context.insert(Catalog.Item(title: "Persuasion", pages: 249, published: Catalog.date(1817), writer: nil))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Catalog.Item>()) == 1)
    }

    @Test func anInMemoryStoreIsEmptied() throws {
        let container = try ModelContainer(
            for: Catalog.Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        context.insert(Catalog.Item(title: "Dune", pages: 412, published: Catalog.date(1965)))
        try context.save()
        try container.erase()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Catalog.Item>()) == 0)
        context.insert(Catalog.Item(title: "Emma", pages: 474, published: Catalog.date(1815)))
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Catalog.Item>()).map(\.title) == ["Emma"])
    }

    @Test func aContainerThatMayNotSaveIsRefusedAndTheStoreKept() throws {
        let url = directory.store("kept")
        _ = try seeded(url)
        let reader = try openContainer(Catalog.Item.self, at: url, allowsSave: false)
        let before = try Data(contentsOf: url)
        let error = try #require(throws: StrataError.self) { try reader.erase() }
        #expect("\(error)".contains(url.path) && "\(error)".contains("allowsSave: false"))
        #expect(try Data(contentsOf: url) == before)
        #expect(try ModelContext(reader).fetchCount(FetchDescriptor<Catalog.Item>()) == 3)
    }

    /// The names of the tables in a store file.
    func editStoreTables(_ url: URL) throws -> [String] {
        var names: [String] = []
        try editStore(at: url) { db in
            names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        return names
    }
}
