import Foundation
import Strata
import StrataExamples
import Testing

/// Plans whose custom stage throws, in either closure.
enum ThrowingPlans {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    enum ThrowInWill: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V2.self, Bookshelf.V3.self] }
        static var stages: [MigrationStage] {
            [
                .custom(
                    fromVersion: Bookshelf.V2.self, toVersion: Bookshelf.V3.self,
                    willMigrate: { context in
                        for book in try context.fetch(FetchDescriptor<Bookshelf.V2.Book>()) { book.title = "changed" }
                        try context.save()
                        throw Boom()
                    }, didMigrate: nil)
            ]
        }
    }

    enum ThrowInDid: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V2.self, Bookshelf.V3.self] }
        static var stages: [MigrationStage] {
            [
                .custom(
                    fromVersion: Bookshelf.V2.self, toVersion: Bookshelf.V3.self, willMigrate: nil,
                    didMigrate: { _ in throw Boom() })
            ]
        }
    }

    /// Fills nothing in didMigrate: firstName/lastName stay empty, so validation must refuse the stage.
    enum ForgetsToFill: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V2.self, Bookshelf.V3.self] }
        static var stages: [MigrationStage] {
            [.custom(fromVersion: Bookshelf.V2.self, toVersion: Bookshelf.V3.self, willMigrate: nil, didMigrate: nil)]
        }
    }
}

@Suite struct MigrationFailureTests {
    /// A V2 store of the sample books, and its hashes once every connection is closed.
    func v2Store(_ directory: TemporaryDirectory) throws -> URL {
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        _ = try ModelContainer(
            for: Bookshelf.V2.Book.self, migrationPlan: Bookshelf.Plan.self,
            configurations: ModelConfiguration(url: url))
        return url
    }

    func expectIntactV2(_ url: URL) throws {
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
        let container = try ModelContainer(for: Bookshelf.V2.Book.self, configurations: ModelConfiguration(url: url))
        let books = try ModelContext(container).fetch(
            FetchDescriptor<Bookshelf.V2.Book>(sortBy: [SortDescriptor(\.title)]))
        #expect(books.map(\.title) == ["Dune", "Emma", "Plato"])
        #expect(books.map(\.author) == ["Frank Herbert", "Jane Austen", "Plato"])
    }

    @Test func throwInWillMigrateLeavesTheStoreAtTheOldVersion() throws {
        let directory = TemporaryDirectory()
        let url = try v2Store(directory)
        let before = storeHashes(url)
        #expect {
            _ = try ModelContainer(
                for: Bookshelf.V3.Book.self, migrationPlan: ThrowingPlans.ThrowInWill.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            "\(error)".contains("willMigrate threw: boom") && "\(error)".contains("still at its previous version")
        }
        #expect(storeHashes(url) == before)
        try expectIntactV2(url)
    }

    @Test func throwInDidMigrateLeavesTheStoreAtTheOldVersion() throws {
        let directory = TemporaryDirectory()
        let url = try v2Store(directory)
        let before = storeHashes(url)
        #expect(throws: MigrationError.self) {
            _ = try ModelContainer(
                for: Bookshelf.V3.Book.self, migrationPlan: ThrowingPlans.ThrowInDid.self,
                configurations: ModelConfiguration(url: url))
        }
        #expect(storeHashes(url) == before)
        try expectIntactV2(url)
    }

    @Test func unfilledRequiredAttributesAreCountedAndRolledBack() throws {
        let directory = TemporaryDirectory()
        let url = try v2Store(directory)
        let before = storeHashes(url)
        #expect {
            _ = try ModelContainer(
                for: Bookshelf.V3.Book.self, migrationPlan: ThrowingPlans.ForgetsToFill.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            let text = "\(error)"
            return text.contains("Book.firstName is required but 3 rows have no value") && text.contains("Book/1")
        }
        #expect(storeHashes(url) == before)
        try expectIntactV2(url)
    }

    @Test func aFailingDryRunNamesTheStageAndTheRowsAndLeavesTheStoreAlone() throws {
        let directory = TemporaryDirectory()
        let url = try v2Store(directory)
        let before = storeHashes(url)
        let report = try Migrator.dryRun(store: url, plan: ThrowingPlans.ForgetsToFill.self)
        #expect(storeHashes(url) == before)
        #expect(!report.succeeded)
        #expect(report.stages.map(\.title) == ["2.0.0 -> 3.0.0"])
        #expect(report.failure?.kind == "validation-failed")
        #expect(
            report.failure?.description.contains(
                "Book.firstName is required but 3 rows have no value (e.g. Book/1, Book/2, Book/3)") == true)
        #expect(
            report.stages.first?.findings.map(\.description) == [
                "Book.firstName: 3 rows without a value (e.g. Book/1, Book/2, Book/3)",
                "Book.lastName: 3 rows without a value (e.g. Book/1, Book/2, Book/3)",
                "Book.author: 3 non-nil values dropped (e.g. Book/1, Book/2, Book/3)",
            ])
        #expect {
            _ = try Migrator(store: url, plan: ThrowingPlans.ForgetsToFill.self).runAll()
        } throws: { error in "\(error)" == report.failure?.description }
    }

    @Test func dryRunNeverWritesTheOriginalAndMatchesTheRealRun() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        let before = storeHashes(url)
        let report = try Migrator.dryRun(store: url, plan: Bookshelf.Plan.self)
        #expect(storeHashes(url) == before)
        #expect(report.succeeded)
        #expect(report.stages.map(\.title) == ["1.0.0 -> 2.0.0", "2.0.0 -> 3.0.0"])
        let real = try Migrator(store: url, plan: Bookshelf.Plan.self).runAll()
        #expect(real.map(\.title) == report.stages.map(\.title))
        #expect(real.map(\.rows) == report.stages.map(\.rows))
    }
}
