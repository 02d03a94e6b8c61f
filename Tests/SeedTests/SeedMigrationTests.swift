import Strata
import XCTest

/// The seeds' own migration test ("Testing Migrations"), as written there, and what the seeds' plans do.
final class MigrationTests: XCTestCase {
    func test_migrationV1toV2_preservesData() throws {
        // 1. Create a V1 store with seed data
        let v1Config = ModelConfiguration("test-v1", isStoredInMemoryOnly: true)
        let v1Container = try ModelContainer(
            for: BookSchemaV1.Book.self,
            configurations: v1Config
        )
        let v1Context = ModelContext(v1Container)
        v1Context.insert(
            BookSchemaV1.Book(
                title: "Dune", author: "Frank Herbert",
                isbn: "978-0-441-17271-9"))
        try v1Context.save()

        // 2. Re-open the same store URL with the migration plan
        let v2Config = ModelConfiguration("test-v1", isStoredInMemoryOnly: true)
        let v2Container = try ModelContainer(
            for: BookSchemaV2.Book.self,
            migrationPlan: BookMigrationPlan.self,
            configurations: v2Config
        )
        let v2Context = ModelContext(v2Container)

        // 3. Assert migrated data is correct
        let books = try v2Context.fetch(FetchDescriptor<BookSchemaV2.Book>())
        XCTAssertEqual(books.count, 1)
        XCTAssertEqual(books[0].isbnCode, "978-0-441-17271-9") // renamed field
        XCTAssertNil(books[0].publishedYear) // new optional = nil
    }

    /// The seed's multi-version plan has a `didMigrate` that only saves, so V3's required names stay empty:
    /// SwiftData would fail mid-migration; Strata refuses the stage, counts the rows and keeps the store at V2.
    func test_theSeedsV3StageLeavesRequiredNamesEmptyAndIsRefused() throws {
        let directory = try TemporaryStoreDirectory()
        let configuration = ModelConfiguration(url: directory.store("bookshelf"))
        do {
            let context = ModelContext(
                try ModelContainer(for: Schema(versionedSchema: BookSchemaV1.self), configurations: configuration))
            context.insert(BookSchemaV1.Book(title: "Dune", author: "Frank Herbert", isbn: "1"))
            try context.save()
        }
        XCTAssertThrowsError(
            try ModelContainer(
                for: BookSchemaV3.Book.self, migrationPlan: BookMigrationPlan.self, configurations: configuration)
        ) { error in
            XCTAssertTrue(
                "\(error)".contains("Book.firstName is required but 1 row has no value (e.g. Book/1)"), "\(error)")
        }
        let container = try ModelContainer(
            for: BookSchemaV2.Book.self, migrationPlan: BookMigrationPlan.self, configurations: configuration)
        XCTAssertEqual(try ModelContext(container).fetch(FetchDescriptor<BookSchemaV2.Book>()).map(\.isbnCode), ["1"])
    }

    /// The older plan shape (currentSchema plus stages) migrates a V1 store to V2.
    func test_theOlderPlanShapeMigrates() throws {
        let directory = try TemporaryStoreDirectory()
        let configuration = ModelConfiguration(url: directory.store("bookshelf"))
        do {
            let context = ModelContext(
                try ModelContainer(for: Schema(versionedSchema: BookSchemaV1.self), configurations: configuration))
            context.insert(BookSchemaV1.Book(title: "Emma", author: "Jane Austen", isbn: "2"))
            try context.save()
        }
        let container = try ModelContainer(
            for: BookSchemaV2.Book.self, migrationPlan: BookMigrationPlanToV2.self, configurations: configuration)
        XCTAssertEqual(try ModelContext(container).fetch(FetchDescriptor<BookSchemaV2.Book>()).map(\.isbnCode), ["2"])
        XCTAssertEqual(BookMigrationPlanToV2.schemas.map { $0.versionIdentifier.description }, ["1.0.0", "2.0.0"])
    }
}
