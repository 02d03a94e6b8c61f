import Foundation
import Strata
import Testing

/// V1 -> V2 of a catalogue of many books: `author` split in `didMigrate`, reading it with `valueBeforeMigration`
/// from fetches that batch, sort, nest and save in the ways app code does. The expected values are stated from the
/// row number alone (book `n` is "t`n`" by "First`n` Last`n`"), not read back through Strata.
enum CatalogueV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [CatalogueEntry.self] }
    @Model final class CatalogueEntry {
        @Attribute(.unique) var number: Int
        var title: String
        var author: String
        init(number: Int, title: String, author: String) {
            self.number = number
            self.title = title
            self.author = author
        }
    }
}

enum CatalogueV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [CatalogueEntry.self] }
    @Model final class CatalogueEntry {
        @Attribute(.unique) var number: Int
        var title: String
        var firstName: String
        var lastName: String
        init(number: Int, title: String, firstName: String, lastName: String) {
            self.number = number
            self.title = title
            self.firstName = firstName
            self.lastName = lastName
        }
    }
}

/// The `didMigrate` a test runs, set before the migration starts (tests in this suite run one at a time).
nonisolated(unsafe) private var catalogueDidMigrate: (ModelContext) throws -> Void = { _ in }

enum CataloguePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CatalogueV1.self, CatalogueV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(fromVersion: CatalogueV1.self, toVersion: CatalogueV2.self, willMigrate: nil) {
                try catalogueDidMigrate($0)
            }
        ]
    }
}

@Suite(.serialized) struct OldColumnFeedTests {
    static let count = 12_000

    /// A V1 catalogue of `count` books.
    private func makeCatalogue(_ directory: TemporaryDirectory) throws -> URL {
        let url = directory.store("catalogue")
        let context = ModelContext(
            try ModelContainer(
                for: Schema(versionedSchema: CatalogueV1.self), configurations: ModelConfiguration(url: url)))
        for number in 1...Self.count {
            context.insert(
                CatalogueV1.CatalogueEntry(number: number, title: "t\(number)", author: "First\(number) Last\(number)"))
        }
        try context.save()
        return url
    }

    /// Splits one book's author, checking it against the row's number.
    private static func split(_ book: CatalogueV2.CatalogueEntry) throws {
        let author: String = try book.valueBeforeMigration("author") ?? ""
        guard author == "First\(book.number) Last\(book.number)" else {
            throw ShelfFailure("book \(book.number) read author '\(author)'")
        }
        let parts = author.split(separator: " ").map(String.init)
        book.firstName = parts[0]
        book.lastName = parts[1]
    }

    /// Runs the plan with `didMigrate`; returns how many windows of old authors `valueBeforeMigration` read itself
    /// (the statements of other tests' stores do not name this table).
    private func migrate(_ url: URL, _ didMigrate: @escaping (ModelContext) throws -> Void) throws -> Int {
        catalogueDidMigrate = didMigrate
        return try StatementCount.counting(matching: #"SELECT "_pk", "author" FROM "CatalogueEntry""#) {
            _ = try Migrator(store: url, plan: CataloguePlan.self).runAll()
        }
    }

    /// Every book has the names its number gives.
    private func expectSplit(_ url: URL) throws {
        let context = ModelContext(
            try ModelContainer(
                for: Schema(versionedSchema: CatalogueV2.self), configurations: ModelConfiguration(url: url)))
        let books = try context.fetch(FetchDescriptor<CatalogueV2.CatalogueEntry>(sortBy: [SortDescriptor(\.number)]))
        #expect(books.count == Self.count)
        let wrong = books.filter { $0.firstName != "First\($0.number)" || $0.lastName != "Last\($0.number)" }
        #expect(wrong.isEmpty, "\(wrong.prefix(3).map { "\($0.number): \($0.firstName) \($0.lastName)" })")
    }

    @Test func batchesAfterTheFirstReadTheOldColumnAlongWithTheirRows() throws {
        let directory = TemporaryDirectory()
        let url = try makeCatalogue(directory)
        let windows = try migrate(url) { context in
            try context.enumerate(FetchDescriptor<CatalogueV2.CatalogueEntry>(), batchSize: 1_000) {
                try Self.split($0)
            }
            try context.save()
        }
        try expectSplit(url)
        // The first batch asks for the column and reads one window of it; the eleven batches after it read it
        // along with their rows (one window per 2,000 rows would be six).
        #expect(windows == 1)
    }

    @Test func aFetchSortedOtherwiseThanByKeyStillReadsEveryOldValue() throws {
        let directory = TemporaryDirectory()
        let url = try makeCatalogue(directory)
        let windows = try migrate(url) { context in
            // The column is asked for once, so the sorted fetch reads it along (its rows sorted by key at the end).
            let first = try #require(
                try context.fetch(
                    FetchDescriptor<CatalogueV2.CatalogueEntry>(
                        predicate: #Predicate { $0.number == 1 })
                ).first)
            try Self.split(first)
            let sorted = try context.fetch(
                FetchDescriptor<CatalogueV2.CatalogueEntry>(sortBy: [SortDescriptor(\.title, order: .reverse)]))
            for book in sorted { try Self.split(book) }
            try context.save()
        }
        try expectSplit(url)
        // The key of the first book is read by window; the sorted fetch fed the rest.
        #expect(windows == 1)
    }

    @Test func fetchesNestedInTheLoopAndFetchesOfMoreRowsThanAreFedStillReadEveryOldValue() throws {
        let directory = TemporaryDirectory()
        let url = try makeCatalogue(directory)
        _ = try migrate(url) { context in
            let all = FetchDescriptor<CatalogueV2.CatalogueEntry>(sortBy: [SortDescriptor(\.number)])
            try Self.split(try #require(try context.fetch(all).first))
            // Every row at once: more than one fetch feeds, in key order.
            var count = 0
            for book in try context.fetch(all) {
                try Self.split(book)
                count += 1
                // A one-row fetch in the loop replaces the rows fed; the loop's next books are read by window.
                if count % 997 == 0 {
                    let number = Self.count - count
                    let other = try #require(
                        try context.fetch(
                            FetchDescriptor<CatalogueV2.CatalogueEntry>(
                                predicate: #Predicate { $0.number == number })
                        ).first)
                    let author: String? = try other.valueBeforeMigration("author")
                    guard author == "First\(number) Last\(number)" else { throw ShelfFailure("nested \(number)") }
                }
            }
            try context.save()
        }
        try expectSplit(url)
    }

    @Test func aSaveThatOverwritesTheColumnMidLoopMovesItAsideAndLaterBatchesReadItThere() throws {
        let directory = TemporaryDirectory()
        let url = try makeCatalogue(directory)
        _ = try migrate(url) { context in
            var count = 0
            try context.enumerate(FetchDescriptor<CatalogueV2.CatalogueEntry>(), batchSize: 1_000) { book in
                try Self.split(book)
                let title: String? = try book.valueBeforeMigration("title")
                guard title == "t\(book.number)" else {
                    throw ShelfFailure("title of \(book.number): \(title ?? "nil")")
                }
                book.title = "T\(book.number)"
                count += 1
                if count % 2_500 == 0 { try context.save() }
            }
            try context.save()
        }
        try expectSplit(url)
        let context = ModelContext(
            try ModelContainer(
                for: Schema(versionedSchema: CatalogueV2.self), configurations: ModelConfiguration(url: url)))
        let titles = try context.fetch(FetchDescriptor<CatalogueV2.CatalogueEntry>(sortBy: [SortDescriptor(\.number)]))
            .map(
                \.title)
        #expect(titles == (1...Self.count).map { "T\($0)" })
    }
}
