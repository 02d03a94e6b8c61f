import Strata

/// The benchmark's four versions of `Book`: W1 renames `isbn` and adds an optional year (V1 -> V2), W2 makes
/// `isbnCode` unique and `note` required with a default (V2 -> V3), W3 splits `author` in didMigrate (V3 -> V4).
enum BenchV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }
    @Model final class Book {
        var title: String
        var author: String
        var isbn: String
        var note: String?
        init(title: String, author: String, isbn: String) {
            self.title = title
            self.author = author
            self.isbn = isbn
        }
    }
}

enum BenchV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }
    @Model final class Book {
        var title: String
        var author: String
        @Attribute(originalName: "isbn") var isbnCode: String
        var note: String?
        var publishedYear: Int?
        init(title: String, author: String, isbnCode: String) {
            self.title = title
            self.author = author
            self.isbnCode = isbnCode
        }
    }
}

enum BenchV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }
    @Model final class Book {
        var title: String
        var author: String
        @Attribute(.unique) var isbnCode: String
        var note: String = ""
        var publishedYear: Int?
        init(title: String, author: String, isbnCode: String) {
            self.title = title
            self.author = author
            self.isbnCode = isbnCode
        }
    }
}

enum BenchV4: VersionedSchema {
    static let versionIdentifier = Schema.Version(4, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }
    @Model final class Book {
        var title: String
        var firstName: String
        var lastName: String
        @Attribute(.unique) var isbnCode: String
        var note: String = ""
        var publishedYear: Int?
        init(title: String, firstName: String, lastName: String, isbnCode: String) {
            self.title = title
            self.firstName = firstName
            self.lastName = lastName
            self.isbnCode = isbnCode
        }
    }
}

/// V1 -> V2 -> V3 -> V4: lightweight, lightweight, custom.
enum BenchPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [BenchV1.self, BenchV2.self, BenchV3.self, BenchV4.self] }
    static var stages: [MigrationStage] {
        [
            .lightweight(fromVersion: BenchV1.self, toVersion: BenchV2.self),
            .lightweight(fromVersion: BenchV2.self, toVersion: BenchV3.self),
            .custom(fromVersion: BenchV3.self, toVersion: BenchV4.self, willMigrate: nil, didMigrate: splitAuthors),
        ]
    }

    /// W3's didMigrate: the seed's author split through ModelContext, saving every 5,000 books.
    static func splitAuthors(_ context: ModelContext) throws {
        var count = 0
        try context.enumerate(FetchDescriptor<BenchV4.Book>(), batchSize: 5_000) { book in
            let author: String = try book.valueBeforeMigration("author") ?? ""
            let space = author.firstIndex(of: " ")
            book.firstName = space.map { String(author[..<$0]) } ?? author
            book.lastName = space.map { String(author[author.index(after: $0)...]) } ?? ""
            count += 1
            if count % 5_000 == 0 { try context.save() }
        }
        try context.save()
    }
}
