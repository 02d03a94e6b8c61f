import Foundation
import Strata
import StrataExamples
import Testing

@Suite struct BookshelfMigrationTests {
    @Test func v1StoreRunsBothStagesOnOpen() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        let container = try ModelContainer(
            for: Bookshelf.V3.Book.self, migrationPlan: Bookshelf.Plan.self,
            configurations: ModelConfiguration(url: url))
        let books = try ModelContext(container).fetch(
            FetchDescriptor<Bookshelf.V3.Book>(sortBy: [SortDescriptor(\.title)]))
        #expect(books.map(\.title) == ["Dune", "Emma", "Plato"])
        #expect(books.map(\.firstName) == ["Frank", "Jane", "Plato"])
        #expect(books.map(\.lastName) == ["Herbert", "Austen", ""])
        #expect(books.map(\.isbnCode) == ["978-0441172719", "978-0141439587", "978-0872203495"])
        #expect(books.allSatisfy { $0.publishedYear == nil })
        let history = try StoreInspector(url: url).history()
        #expect(
            history.map { "\($0.fromVersion)->\($0.toVersion) \($0.kind)" } == [
                "1.0.0->2.0.0 lightweight", "2.0.0->3.0.0 custom",
            ])
    }

    @Test func v2StoreRunsOnlyTheLaterStage() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        _ = try ModelContainer(
            for: Bookshelf.V2.Book.self, migrationPlan: Bookshelf.Plan.self,
            configurations: ModelConfiguration(url: url))
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
        _ = try ModelContainer(
            for: Bookshelf.V3.Book.self, migrationPlan: Bookshelf.Plan.self,
            configurations: ModelConfiguration(url: url))
        let history = try StoreInspector(url: url).history()
        #expect(history.map(\.toVersion) == ["2.0.0", "3.0.0"])
        #expect(try StoreInspector(url: url).version() == Schema.Version(3, 0, 0))
    }
}
