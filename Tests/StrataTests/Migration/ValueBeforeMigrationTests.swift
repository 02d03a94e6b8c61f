import Foundation
import GRDB
import Strata
import Testing

/// V1 -> V2 of a shelf: `author` split into two names, `pages` renamed, `rating` made required with a default;
/// `Tag` unchanged. Each plan below runs a different `didMigrate` over the same two versions.
enum ShelfV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self, Tag.self] }
    @Model final class Book {
        var title: String
        var author: String
        @Attribute(.unique) var isbn: String
        var pages: Int
        init(title: String, author: String, isbn: String, pages: Int) {
            self.title = title
            self.author = author
            self.isbn = isbn
            self.pages = pages
        }
    }
    @Model final class Tag {
        var name: String
        init(name: String) { self.name = name }
    }
}

enum ShelfV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self, Tag.self] }
    @Model final class Book {
        var title: String
        var firstName: String
        var lastName: String
        @Attribute(.unique) var isbn: String
        @Attribute(originalName: "pages") var pageCount: Int
        init(title: String, firstName: String, lastName: String, isbn: String, pageCount: Int) {
            self.title = title
            self.firstName = firstName
            self.lastName = lastName
            self.isbn = isbn
            self.pageCount = pageCount
        }
    }
    @Model final class Tag {
        var name: String
        init(name: String) { self.name = name }
    }
}

/// Splits authors, checking the renamed column's old values as it goes.
enum SplitShelfPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShelfV1.self, ShelfV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(fromVersion: ShelfV1.self, toVersion: ShelfV2.self, willMigrate: nil) { context in
                for book in try context.fetch(FetchDescriptor<ShelfV2.Book>()) {
                    let author: String = try book.valueBeforeMigration("author") ?? ""
                    let parts = author.split(separator: " ", maxSplits: 1).map(String.init)
                    book.firstName = parts.first ?? ""
                    book.lastName = parts.count > 1 ? parts[1] : ""
                    guard try book.valueBeforeMigration("pages", as: Int.self) == book.pageCount else {
                        throw ShelfFailure("pages")
                    }
                }
                try context.save()
            }
        ]
    }
}

/// Overwrites titles and tag names, saves, then reads the values from before the stage again.
enum RewriteShelfPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShelfV1.self, ShelfV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(fromVersion: ShelfV1.self, toVersion: ShelfV2.self, willMigrate: nil) { context in
                let books = try context.fetch(FetchDescriptor<ShelfV2.Book>())
                for book in books {
                    book.title = book.title.uppercased()
                    book.firstName = "x"
                    book.lastName = "y"
                }
                let tags = try context.fetch(FetchDescriptor<ShelfV2.Tag>())
                for tag in tags { tag.name = "renamed" }
                try context.save()
                let titles = try books.map { try $0.valueBeforeMigration("title", as: String.self) ?? "-" }
                let names = try tags.map { try $0.valueBeforeMigration("name", as: String.self) ?? "-" }
                guard titles == ["emma", "dune", "persuasion"], names == ["classic", "scifi"] else {
                    throw ShelfFailure("read \(titles) \(names)")
                }
            }
        ]
    }
}

/// Inserts a book with the ISBN of a saved one (an upsert into its row) and a new one, then reads old values.
enum UpsertShelfPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShelfV1.self, ShelfV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(fromVersion: ShelfV1.self, toVersion: ShelfV2.self, willMigrate: nil) { context in
                let books = try context.fetch(FetchDescriptor<ShelfV2.Book>(sortBy: [SortDescriptor(\.isbn)]))
                for book in books {
                    book.firstName = "a"
                    book.lastName = "b"
                }
                try context.save()
                let replacement = ShelfV2.Book(
                    title: "Dune Messiah", firstName: "Frank", lastName: "Herbert", isbn: "2", pageCount: 256)
                let fresh = ShelfV2.Book(
                    title: "Kindred", firstName: "Octavia", lastName: "Butler", isbn: "4", pageCount: 264)
                context.insert(replacement)
                context.insert(fresh)
                try context.save()
                let dune = try books[1].valueBeforeMigration("title", as: String.self)
                let kindred = try fresh.valueBeforeMigration("title", as: String.self)
                guard books[1].title == "Dune Messiah", dune == "dune", kindred == nil else {
                    throw ShelfFailure(
                        "upsert read \(books[1].title) \(String(describing: dune)) \(String(describing: kindred))")
                }
            }
        ]
    }
}

/// Overwrites titles, saves, then fails: the whole stage must roll back.
enum FailingShelfPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShelfV1.self, ShelfV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(fromVersion: ShelfV1.self, toVersion: ShelfV2.self, willMigrate: nil) { context in
                for book in try context.fetch(FetchDescriptor<ShelfV2.Book>()) {
                    book.title = "overwritten"
                    book.firstName = "x"
                    book.lastName = "y"
                }
                try context.save()
                throw ShelfFailure("refused on purpose after saving")
            }
        ]
    }
}

/// V1 -> V2 where an optional attribute becomes required with a default: its entity is rebuilt, so
/// `didMigrate` still reads the empty values the default replaced.
enum RatedV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Album.self] }
    @Model final class Album {
        var name: String
        var rating: Int?
        init(name: String, rating: Int?) {
            self.name = name
            self.rating = rating
        }
    }
}

enum RatedV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Album.self] }
    @Model final class Album {
        var name: String
        var rating: Int = 3
        var rated: Bool = false
        init(name: String) { self.name = name }
    }
}

enum RatedPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [RatedV1.self, RatedV2.self] }
    static var stages: [MigrationStage] {
        [
            .custom(fromVersion: RatedV1.self, toVersion: RatedV2.self, willMigrate: nil) { context in
                for album in try context.fetch(FetchDescriptor<RatedV2.Album>()) {
                    album.rated = try album.valueBeforeMigration("rating", as: Int.self) != nil
                }
                try context.save()
            }
        ]
    }
}

struct ShelfFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite struct ValueBeforeMigrationTests {
    /// A V1 shelf: three books, two tags.
    private func makeShelf(_ directory: TemporaryDirectory) throws -> URL {
        let url = directory.store("shelf")
        let context = ModelContext(
            try ModelContainer(for: Schema(versionedSchema: ShelfV1.self), configurations: ModelConfiguration(url: url))
        )
        context.insert(ShelfV1.Book(title: "emma", author: "Jane Austen", isbn: "1", pages: 474))
        context.insert(ShelfV1.Book(title: "dune", author: "Frank Herbert", isbn: "2", pages: 412))
        context.insert(ShelfV1.Book(title: "persuasion", author: "Plato", isbn: "3", pages: 249))
        context.insert(ShelfV1.Tag(name: "classic"))
        context.insert(ShelfV1.Tag(name: "scifi"))
        try context.save()
        return url
    }

    private func columns(_ table: String, at url: URL) throws -> [String] {
        try DatabaseQueue(path: url.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
        }
    }

    private func tables(at url: URL) throws -> [String] {
        try DatabaseQueue(path: url.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
    }

    @Test func aCustomStageAltersInPlaceAndDropsRemovedColumnsAfterDidMigrate() throws {
        let directory = TemporaryDirectory()
        let url = try makeShelf(directory)
        let migrator = try Migrator(store: url, plan: SplitShelfPlan.self)
        let steps = try #require(migrator.pending.first).steps
        #expect(steps.map(\.summary) == ["alter Book in place", "drop author from Book (kept for didMigrate)"])
        #expect(steps.map(\.phase) == [.structure, .finish])
        #expect(
            steps[0].sql == [
                #"ALTER TABLE "Book" ADD COLUMN "firstName" TEXT"#, #"ALTER TABLE "Book" ADD COLUMN "lastName" TEXT"#,
                #"ALTER TABLE "Book" RENAME COLUMN "pages" TO "pageCount""#,
            ])
        let report = try #require(try migrator.runNextStage())
        #expect(report.rows == 3, "didMigrate saved three books")
        #expect(try columns("Book", at: url) == ["_pk", "title", "isbn", "pageCount", "firstName", "lastName"])
        #expect(try !tables(at: url).contains { $0.hasPrefix("_strata_old_") })
        let context = ModelContext(
            try ModelContainer(for: Schema(versionedSchema: ShelfV2.self), configurations: ModelConfiguration(url: url))
        )
        let books = try context.fetch(FetchDescriptor<ShelfV2.Book>(sortBy: [SortDescriptor(\.isbn)]))
        #expect(
            books.map { "\($0.firstName)|\($0.lastName)|\($0.pageCount)" } == [
                "Jane|Austen|474", "Frank|Herbert|412", "Plato||249",
            ])
    }

    @Test func valuesSavedInDidMigrateStillReadAsTheyWereBeforeTheStage() throws {
        let directory = TemporaryDirectory()
        let url = try makeShelf(directory)
        let migrator = try Migrator(store: url, plan: RewriteShelfPlan.self)
        var steps: [String] = []
        migrator.onEvent = { event in
            if case .step(_, let summary) = event { steps.append(summary) }
        }
        _ = try migrator.runAll()
        #expect(steps.contains("keep the rows of Book from before the stage for valueBeforeMigration"))
        #expect(
            steps.contains("keep the rows of Tag from before the stage for valueBeforeMigration"),
            "an entity the stage does not change")
        #expect(try !tables(at: url).contains { $0.hasPrefix("_strata_old_") })
        let context = ModelContext(
            try ModelContainer(for: Schema(versionedSchema: ShelfV2.self), configurations: ModelConfiguration(url: url))
        )
        #expect(
            try context.fetch(FetchDescriptor<ShelfV2.Book>(sortBy: [SortDescriptor(\.isbn)])).map(\.title) == [
                "EMMA", "DUNE", "PERSUASION",
            ])
        #expect(try context.fetch(FetchDescriptor<ShelfV2.Tag>()).map(\.name) == ["renamed", "renamed"])
    }

    @Test func anUpsertKeepsTheOldValuesOfTheRowItLandsOnAndNewRowsHaveNone() throws {
        let directory = TemporaryDirectory()
        let url = try makeShelf(directory)
        _ = try Migrator(store: url, plan: UpsertShelfPlan.self).runAll()
        let context = ModelContext(
            try ModelContainer(for: Schema(versionedSchema: ShelfV2.self), configurations: ModelConfiguration(url: url))
        )
        let books = try context.fetch(FetchDescriptor<ShelfV2.Book>(sortBy: [SortDescriptor(\.isbn)]))
        #expect(
            books.map { "\($0.isbn) \($0.title) \($0.firstName)" } == [
                "1 emma a", "2 Dune Messiah Frank", "3 persuasion a", "4 Kindred Octavia",
            ])
        #expect(books.map(\.lastName) == ["b", "Herbert", "b", "Butler"])
    }

    @Test func aFailureAfterOverwritingSavesLeavesTheStoreAsItWas() throws {
        let directory = TemporaryDirectory()
        let url = try makeShelf(directory)
        let before = storeHashes(url)
        #expect {
            _ = try Migrator(store: url, plan: FailingShelfPlan.self).runAll()
        } throws: { error in
            "\(error)".contains("refused on purpose after saving")
        }
        #expect(storeHashes(url) == before)
        #expect(try StoreInspector(url: url).version() == Schema.Version(1, 0, 0))
    }

    @Test func aDefaultFilledBeforeDidMigrateMakesTheEntityARebuild() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("albums")
        do {
            let context = ModelContext(
                try ModelContainer(
                    for: Schema(versionedSchema: RatedV1.self), configurations: ModelConfiguration(url: url)))
            context.insert(RatedV1.Album(name: "Blue", rating: 5))
            context.insert(RatedV1.Album(name: "Kid A", rating: nil))
            try context.save()
        }
        let migrator = try Migrator(store: url, plan: RatedPlan.self)
        #expect(
            try #require(migrator.pending.first).steps.map(\.summary).contains(
                "rebuild Album (12-step: new table, copy rows, drop old)"))
        _ = try migrator.runAll()
        let context = ModelContext(
            try ModelContainer(for: Schema(versionedSchema: RatedV2.self), configurations: ModelConfiguration(url: url))
        )
        let albums = try context.fetch(FetchDescriptor<RatedV2.Album>(sortBy: [SortDescriptor(\.name)]))
        #expect(albums.map { "\($0.name) \($0.rating) \($0.rated)" } == ["Blue 5 true", "Kid A 3 false"])
    }
}
