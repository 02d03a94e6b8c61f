import Foundation
import Strata

/// The seed's bookshelf: V1 -> V2 renames isbn (originalName) and adds an optional year; V2 -> V3 splits the
/// author into first and last name in a custom stage.
enum BookSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }

    @Model final class Book {
        var title: String
        var author: String
        var isbn: String

        init(title: String, author: String, isbn: String) {
            self.title = title
            self.author = author
            self.isbn = isbn
        }
    }
}

enum BookSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }

    @Model final class Book {
        var title: String
        var author: String
        @Attribute(originalName: "isbn") var isbnCode: String
        var publishedYear: Int?

        init(title: String, author: String, isbnCode: String) {
            self.title = title
            self.author = author
            self.isbnCode = isbnCode
        }
    }
}

enum BookSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }

    @Model final class Book {
        var title: String
        var firstName: String
        var lastName: String
        var isbnCode: String
        var publishedYear: Int?

        init(title: String, firstName: String, lastName: String, isbnCode: String) {
            self.title = title
            self.firstName = firstName
            self.lastName = lastName
            self.isbnCode = isbnCode
        }
    }
}

enum BookMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [BookSchemaV1.self, BookSchemaV2.self, BookSchemaV3.self] }
    static var stages: [MigrationStage] { [migrateV1toV2, migrateV2toV3] }

    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: BookSchemaV1.self, toVersion: BookSchemaV2.self)

    static let migrateV2toV3 = MigrationStage.custom(fromVersion: BookSchemaV2.self, toVersion: BookSchemaV3.self) { _ in
    } didMigrate: { context in
        for book in try context.fetch(FetchDescriptor<BookSchemaV3.Book>()) {
            let author: String = try book.valueBeforeMigration("author") ?? ""
            let parts = author.split(separator: " ", maxSplits: 1)
            book.firstName = String(parts.first ?? "")
            book.lastName = parts.count > 1 ? String(parts[1]) : ""
        }
        try context.save()
    }
}

/// Writes a V1 store with the given books and returns its URL.
func makeBookshelfV1(in directory: TemporaryDirectory, books: [(String, String, String)]) throws -> URL {
    let url = directory.store("bookshelf")
    let container = try ModelContainer(for: Schema(versionedSchema: BookSchemaV1.self), configurations: ModelConfiguration(url: url))
    let context = ModelContext(container)
    for (title, author, isbn) in books { context.insert(BookSchemaV1.Book(title: title, author: author, isbn: isbn)) }
    try context.save()
    return url
}

let sampleBooks = [
    ("Dune", "Frank Herbert", "978-0441172719"),
    ("Emma", "Jane Austen", "978-0141439587"),
    ("Plato", "Plato", "978-0872203495"),
]
