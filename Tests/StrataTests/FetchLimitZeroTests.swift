import Foundation
import Testing

@testable import Strata

/// `fetchLimit = 0` means no limit, as in SwiftData: it hands the limit to Core Data, whose `fetchLimit` 0 is the
/// default, "no limit". Apps keep a page size setting that is 0 for "show everything" and assign it unchecked.
@Suite struct FetchLimitZeroTests {
    let directory = TemporaryDirectory()
    let context: ModelContext

    init() throws {
        context = try Catalog.seed(at: directory.store())
    }

    /// What a list screen builds: every item by title, `pageSize` of them from `start` (0: all of them).
    static func page(size pageSize: Int, from start: Int? = nil) -> FetchDescriptor<Catalog.Item> {
        var descriptor = FetchDescriptor<Catalog.Item>(sortBy: [SortDescriptor(\.pages)])
        descriptor.fetchLimit = pageSize
        descriptor.fetchOffset = start
        return descriptor
    }

    /// The titles through SQL and in memory, which must agree.
    func titles(_ descriptor: FetchDescriptor<Catalog.Item>) throws -> [String] {
        let sql = try context.fetch(descriptor).map(\.title)
        #expect(try context.fetch(descriptor, inMemory: true).map(\.title) == sql)
        return sql
    }

    @Test func zeroFetchesEveryRow() throws {
        // Core Data returns all six rows, in the descriptor's order.
        let all = ["Zebra Tales", "éclair", "Dune Messiah", "Émile", "Dune", "emma"]
        #expect(try titles(Self.page(size: 0)) == all)
        #expect(try titles(Self.page(size: 0, from: 2)) == Array(all.dropFirst(2)))
        #expect(try titles(Self.page(size: 2, from: 2)) == ["Dune Messiah", "Émile"])
    }

    @Test func zeroCountsEnumeratesAndIdentifiesEveryRow() throws {
        #expect(try context.fetchCount(Self.page(size: 0)) == 6)
        #expect(try context.fetchCount(Self.page(size: 0, from: 4)) == 2)
        #expect(try context.fetchIdentifiers(Self.page(size: 0)).count == 6)
        var seen: [String] = []
        try context.enumerate(Self.page(size: 0), batchSize: 4) { seen.append($0.title) }
        #expect(seen == ["Zebra Tales", "éclair", "Dune Messiah", "Émile", "Dune", "emma"])
    }

    @Test func zeroIncludesPendingChanges() throws {
        // An unsaved insert and an unsaved change are fetched and counted like saved rows (in memory).
        context.insert(Catalog.Item(title: "Ulysses", pages: 730, published: Catalog.date(1922, 2, 2)))
        let zebra = try #require(try context.fetch(FetchDescriptor<Catalog.Item>()).first { $0.title == "Zebra Tales" })
        zebra.pages = 1_000
        #expect(
            try titles(Self.page(size: 0)) == [
                "éclair", "Dune Messiah", "Émile", "Dune", "emma", "Ulysses", "Zebra Tales",
            ])
        #expect(try context.fetchCount(Self.page(size: 0)) == 7)
        #expect(try context.fetchIdentifiers(Self.page(size: 0)).count == 7)
        var seen = 0
        try context.enumerate(Self.page(size: 0)) { _ in seen += 1 }
        #expect(seen == 7)
    }

    @Test func negativeLimitsFetchEveryRowToo() throws {
        // SwiftData documents no negative limit (Core Data's is an unsigned count); Strata reads one as no limit, in
        // SQL and in memory alike (SQL fetched every row and memory none before).
        #expect(try titles(Self.page(size: -1)).count == 6)
        #expect(try context.fetchCount(Self.page(size: -5)) == 6)
    }
}
