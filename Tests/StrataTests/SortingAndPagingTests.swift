import Foundation
import Testing

@testable import Strata

/// Sorts, pages, counts and identifiers give the same answer through SQL and in memory, pending changes included.
@Suite struct SortingAndPagingTests {
    let directory = TemporaryDirectory()
    let context: ModelContext

    init() throws {
        context = try Catalog.seed(at: directory.store())
    }

    /// Fetches through SQL and in memory, checks both agree, and returns the titles.
    func titles(_ descriptor: FetchDescriptor<Catalog.Item>) throws -> [String] {
        let sql = try context.fetch(descriptor)
        let memory = try context.fetch(descriptor, inMemory: true)
        #expect(sql.map(\.title) == memory.map(\.title))
        #expect(sql.map(\.persistentModelID) == memory.map(\.persistentModelID))
        return sql.map(\.title)
    }

    @Test func numericForwardAndReverse() throws {
        #expect(
            try titles(FetchDescriptor(sortBy: [SortDescriptor(\.pages)]))
                == ["Zebra Tales", "éclair", "Dune Messiah", "Émile", "Dune", "emma"])
        #expect(
            try titles(FetchDescriptor(sortBy: [SortDescriptor(\.pages, order: .reverse)]))
                == ["emma", "Dune", "Émile", "Dune Messiah", "éclair", "Zebra Tales"])
    }

    @Test func dates() throws {
        #expect(
            try titles(FetchDescriptor(sortBy: [SortDescriptor(\.published)]))
                == ["Émile", "emma", "Dune", "Dune Messiah", "Zebra Tales", "éclair"])
    }

    @Test func stringsWithMixedCaseAndAccents() throws {
        // On Linux, Foundation's SortDescriptor orders strings by Swift's `<` (Unicode scalar order), and so does SQL.
        let forward = try titles(FetchDescriptor(sortBy: [SortDescriptor(\.title)]))
        #expect(forward == ["Dune", "Dune Messiah", "Zebra Tales", "emma", "Émile", "éclair"])
        #expect(forward == forward.sorted())
        let reverse = try titles(FetchDescriptor(sortBy: [SortDescriptor(\.title, order: .reverse)]))
        #expect(reverse == forward.reversed())
    }

    @Test func stringsCompared() throws {
        let lexical = try titles(FetchDescriptor(sortBy: [SortDescriptor(\.title, comparator: .lexical)]))
        #expect(lexical == ["Dune", "Dune Messiah", "Zebra Tales", "emma", "Émile", "éclair"])
    }

    @Test func multipleKeys() throws {
        #expect(
            try titles(FetchDescriptor(sortBy: [SortDescriptor(\.rating, order: .reverse), SortDescriptor(\.pages)]))
                == ["Dune", "emma", "Zebra Tales", "éclair", "Dune Messiah", "Émile"])
        #expect(
            try titles(FetchDescriptor(sortBy: [SortDescriptor(\.subtitle), SortDescriptor(\.title, order: .reverse)]))
                == ["emma", "Dune Messiah", "Dune", "éclair", "Zebra Tales", "Émile"])
        #expect(
            try titles(FetchDescriptor(sortBy: [SortDescriptor(\.priority.rawValue), SortDescriptor(\.title)]))
                == ["Zebra Tales", "Émile", "emma", "éclair", "Dune", "Dune Messiah"])
    }

    @Test func keysWithoutSQLFormSortInMemory() throws {
        var descriptor = FetchDescriptor<Catalog.Item>(sortBy: [
            SortDescriptor(\.writer?.name), SortDescriptor(\.pages, order: .reverse),
        ])
        #expect(try titles(descriptor) == ["éclair", "Zebra Tales", "Dune", "Dune Messiah", "emma", "Émile"])
        descriptor.fetchOffset = 1
        descriptor.fetchLimit = 3
        #expect(try titles(descriptor) == ["Zebra Tales", "Dune", "Dune Messiah"])
        var visited: [String] = []
        try context.enumerate(descriptor, batchSize: 2) { visited.append($0.title) }
        #expect(visited == ["Zebra Tales", "Dune", "Dune Messiah"])
    }

    @Test func optionalKeysWithNils() throws {
        #expect(
            try titles(FetchDescriptor(sortBy: [SortDescriptor(\.rating)]))
                == ["Émile", "Dune Messiah", "éclair", "Zebra Tales", "emma", "Dune"])
        #expect(
            try titles(FetchDescriptor(sortBy: [SortDescriptor(\.rating, order: .reverse)]))
                == ["Dune", "emma", "Zebra Tales", "éclair", "Émile", "Dune Messiah"])
    }

    @Test func paging() throws {
        var descriptor = FetchDescriptor<Catalog.Item>(sortBy: [SortDescriptor(\.pages)])
        descriptor.fetchLimit = 2
        #expect(try titles(descriptor) == ["Zebra Tales", "éclair"])
        descriptor.fetchOffset = 2
        #expect(try titles(descriptor) == ["Dune Messiah", "Émile"])
        descriptor.fetchOffset = 5
        #expect(try titles(descriptor) == ["emma"])
        descriptor.fetchOffset = 10
        #expect(try titles(descriptor) == [])
        descriptor.fetchLimit = nil
        descriptor.fetchOffset = 4
        #expect(try titles(descriptor) == ["Dune", "emma"])
        descriptor.fetchLimit = 0
        descriptor.fetchOffset = nil
        // 0 is Core Data's "no limit", which SwiftData hands it (see FetchLimitZeroTests).
        #expect(try titles(descriptor) == ["Zebra Tales", "éclair", "Dune Messiah", "Émile", "Dune", "emma"])
        descriptor.predicate = #Predicate { $0.pages > 100 }
        descriptor.fetchLimit = 2
        descriptor.fetchOffset = 1
        #expect(try titles(descriptor) == ["Émile", "Dune"])
        #expect(try context.fetchCount(descriptor) == 2)
        #expect(try context.fetchIdentifiers(descriptor) == context.fetch(descriptor).map(\.persistentModelID))
    }

    @Test func countAndIdentifiers() throws {
        #expect(try context.fetchCount(FetchDescriptor<Catalog.Item>()) == 6)
        #expect(try context.fetchCount(FetchDescriptor<Catalog.Item>(predicate: #Predicate { $0.pages > 300 })) == 2)
        let ids = try context.fetchIdentifiers(FetchDescriptor<Catalog.Item>(sortBy: [SortDescriptor(\.pages)]))
        #expect(ids.count == 6)
        #expect(ids.allSatisfy { !$0.isTemporary && $0.entityName == "Item" })
        let models = ids.map { context.model(for: $0) as? Catalog.Item }
        #expect(models.map { $0?.title } == ["Zebra Tales", "éclair", "Dune Messiah", "Émile", "Dune", "emma"])
    }

    @Test func pendingInsertsChangesAndDeletes() throws {
        let all = try context.fetch(FetchDescriptor<Catalog.Item>(sortBy: [SortDescriptor(\.pages)]))
        let added = Catalog.Item(title: "Added", pages: 500, published: Catalog.date(2020))
        context.insert(added)
        all[0].pages = 1_000
        context.delete(all[1])
        let descriptor = FetchDescriptor<Catalog.Item>(
            predicate: #Predicate { $0.pages > 300 }, sortBy: [SortDescriptor(\.pages)])
        #expect(try titles(descriptor) == ["Dune", "emma", "Added", "Zebra Tales"])
        #expect(try context.fetchCount(descriptor) == 4)
        #expect(try context.fetchIdentifiers(descriptor).count == 4)
        #expect(try context.fetchCount(FetchDescriptor<Catalog.Item>()) == 6)
        var paged = descriptor
        paged.fetchLimit = 2
        paged.fetchOffset = 1
        #expect(try titles(paged) == ["emma", "Added"])
        var excluded = descriptor
        excluded.includePendingChanges = false
        #expect(try context.fetch(excluded).map(\.title) == ["Dune", "emma"])
        try context.save()
        #expect(try titles(descriptor) == ["Dune", "emma", "Added", "Zebra Tales"])
    }
}
