import Foundation
import Testing

@testable import Strata

/// A context tracks changes, rolls them back, runs transactions and hands out identities as SwiftData's does.
@Suite struct ContextStateTests {
    let directory = TemporaryDirectory()

    func makeContext() throws -> ModelContext {
        ModelContext(try openContainer(Catalog.Item.self, at: directory.store()))
    }

    func item(_ title: String, pages: Int = 1) -> Catalog.Item {
        Catalog.Item(title: title, pages: pages, published: Catalog.date(2000))
    }

    @Test func hasChangesFollowsInsertsChangesAndSaves() throws {
        let context = try makeContext()
        #expect(context.hasChanges == false)
        let book = item("A")
        context.insert(book)
        #expect(context.hasChanges)
        #expect(book.hasChanges)
        try context.save()
        #expect(context.hasChanges == false)
        #expect(book.hasChanges == false)
        book.pages = 2
        #expect(context.hasChanges)
        #expect(book.hasChanges)
        try context.save()
        context.delete(book)
        #expect(context.hasChanges)
        try context.save()
        #expect(context.hasChanges == false)
    }

    @Test func rollbackRestoresValues() throws {
        let context = try makeContext()
        let writer = Catalog.Writer(name: "W")
        let book = item("Original", pages: 10)
        book.writer = writer
        context.insert(book)
        try context.save()
        book.title = "Changed"
        book.pages = 99
        book.writer = nil
        book.subtitle = "new"
        let fresh = item("Fresh")
        context.insert(fresh)
        context.rollback()
        #expect(context.hasChanges == false)
        #expect(book.title == "Original")
        #expect(book.pages == 10)
        #expect(book.subtitle == nil)
        #expect(book.writer === writer)
        #expect(writer.items.map(\.title) == ["Original"])
        #expect(fresh.modelContext == nil)
        #expect(try context.fetch(FetchDescriptor<Catalog.Item>()).map(\.title) == ["Original"])
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Catalog.Item>()) == 1)
    }

    @Test func rollbackUndoesADelete() throws {
        let context = try makeContext()
        let book = item("Kept")
        context.insert(book)
        try context.save()
        context.delete(book)
        #expect(book.isDeleted)
        #expect(try context.fetch(FetchDescriptor<Catalog.Item>()).isEmpty)
        context.rollback()
        #expect(book.isDeleted == false)
        #expect(try context.fetch(FetchDescriptor<Catalog.Item>()).map(\.title) == ["Kept"])
    }

    @Test func transactionCommits() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Catalog.Item.self, at: url))
        try context.transaction {
            context.insert(item("One"))
            context.insert(item("Two"))
        }
        #expect(context.hasChanges == false)
        #expect(try rowCount("Item", at: url) == 2)
    }

    @Test func transactionRollsBackOnThrow() throws {
        struct Stop: Error {}
        let url = directory.store()
        let context = ModelContext(try openContainer(Catalog.Item.self, at: url))
        let kept = item("Kept", pages: 1)
        context.insert(kept)
        try context.save()
        #expect(throws: Stop.self) {
            try context.transaction {
                context.insert(item("Lost"))
                kept.pages = 500
                throw Stop()
            }
        }
        #expect(context.hasChanges == false)
        #expect(kept.pages == 1)
        #expect(try rowCount("Item", at: url) == 1)
        #expect(try context.fetch(FetchDescriptor<Catalog.Item>()).map(\.title) == ["Kept"])
    }

    @Test func identifiersAreTemporaryThenPermanent() throws {
        let context = try makeContext()
        let book = item("A")
        context.insert(book)
        let temporary = book.persistentModelID
        #expect(temporary.isTemporary)
        #expect(temporary.entityName == "Item")
        #expect(context.registeredModel(for: temporary) as Catalog.Item? === book)
        try context.save()
        let permanent = book.persistentModelID
        #expect(permanent.isTemporary == false)
        #expect(permanent != temporary)
        #expect(permanent.primaryKey == 1)
        #expect(context.registeredModel(for: permanent) as Catalog.Item? === book)
        #expect(context.model(for: permanent) as? Catalog.Item === book)
        // Identifiers survive encoding and point at the same row from another context.
        let decoded = try JSONDecoder().decode(PersistentIdentifier.self, from: JSONEncoder().encode(permanent))
        #expect(decoded == permanent)
        let other = ModelContext(context.container)
        #expect(other.registeredModel(for: permanent) as Catalog.Item? == nil)
        let loaded = other.model(for: permanent) as? Catalog.Item
        #expect(loaded?.title == "A")
        #expect(loaded !== book)
    }

    @Test func modelForAMissingRow() throws {
        let context = try makeContext()
        let book = item("Gone")
        context.insert(book)
        try context.save()
        let id = book.persistentModelID
        context.delete(book)
        try context.save()
        #expect(book.isDeleted)
        #expect(context.model(for: id) is MissingModel)
        #expect(context.registeredModel(for: id) as Catalog.Item? == nil)
    }

    @Test func modelContextOfObjects() throws {
        let context = try makeContext()
        let book = item("A")
        #expect(book.modelContext == nil)
        context.insert(book)
        #expect(book.modelContext === context)
    }

    @Test func deleteModelWhere() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Catalog.Item.self, at: url))
        for pages in 1...10 { context.insert(item("B\(pages)", pages: pages)) }
        try context.save()
        try context.delete(model: Catalog.Item.self, where: #Predicate { $0.pages > 7 })
        #expect(try context.fetchCount(FetchDescriptor<Catalog.Item>()) == 7)
        try context.save()
        #expect(try rowCount("Item", at: url) == 7)
        try context.delete(model: Catalog.Item.self)
        try context.save()
        #expect(try rowCount("Item", at: url) == 0)
    }

    @Test func enumerateVisitsEveryRowInOrder() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Catalog.Item.self, at: url))
            for index in 0..<10_000 { context.insert(item("T\(index)", pages: (index * 7_919) % 10_000)) }
            try context.save()
        }
        let context = ModelContext(try openContainer(Catalog.Item.self, at: url))
        var titles: [String] = []
        try context.enumerate(FetchDescriptor<Catalog.Item>(), batchSize: 777) { titles.append($0.title) }
        #expect(titles == (0..<10_000).map { "T\($0)" })
        var pages: [Int] = []
        try context.enumerate(
            FetchDescriptor<Catalog.Item>(sortBy: [SortDescriptor(\.pages, order: .reverse)]), batchSize: 1_000
        ) {
            pages.append($0.pages)
        }
        #expect(pages == Array((0..<10_000).reversed()))
        var filtered = FetchDescriptor<Catalog.Item>(
            predicate: #Predicate { $0.pages < 100 }, sortBy: [SortDescriptor(\.pages)])
        filtered.fetchOffset = 10
        filtered.fetchLimit = 50
        var page: [Int] = []
        try context.enumerate(filtered, batchSize: 7) { page.append($0.pages) }
        #expect(page == Array(10..<60))
    }
}

/// Identifiers stay unique to their row for the life of the store.
@Suite struct IdentifierTests {
    let directory = TemporaryDirectory()

    @Test func keysOfDeletedRowsAreNotReused() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(Catalog.Item.self, at: url))
        let first = Catalog.Item(title: "First", pages: 1, published: Catalog.date(2000))
        let last = Catalog.Item(title: "Last", pages: 2, published: Catalog.date(2000))
        context.insert(first)
        context.insert(last)
        try context.save()
        let deletedID = last.persistentModelID
        context.delete(last)
        try context.save()
        let next = Catalog.Item(title: "Next", pages: 3, published: Catalog.date(2000))
        context.insert(next)
        try context.save()
        #expect(next.persistentModelID != deletedID)
        #expect(context.model(for: deletedID) is MissingModel)
        let reopened = ModelContext(try openContainer(Catalog.Item.self, at: url))
        #expect(reopened.model(for: deletedID) is MissingModel)
    }

    @Test func transientPropertiesAreNotStored() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Library.Book.self, at: url))
            let book = Library.Book(title: "T")
            book.scratch = 5
            context.insert(book)
            try context.save()
            #expect(book.scratch == 5)
        }
        #expect(Schema(Library.Book.self).entitiesByName["Book"]?.attributes.contains { $0.name == "scratch" } == false)
        let book = try ModelContext(try openContainer(Library.Book.self, at: url)).fetch(
            FetchDescriptor<Library.Book>()
        ).first
        #expect(book?.scratch == 0)
    }
}
