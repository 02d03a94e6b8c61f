// The model code of seeds/swiftdata-migrations-and-versioning.md, as written, with `import SwiftData`
// replaced by `import Strata`. Changes, each forced by the seed's snippets being fragments of one article:
// - The article shows two `BookMigrationPlan`s (V1 -> V2, then the full chain to V3); one module cannot hold
//   both, so the first is renamed `BookMigrationPlanToV2`.
// - Its "Custom Migration Stages" snippet is a bare `static let migrateV2toV3`, which Swift allows only inside
//   a type; it lives in `BookSplitAuthorStage`.
// - The top-level `let container = try ModelContainer(...)` is a statement, allowed only in main.swift; it is
//   the body of `makeBookshelfContainer()`, compiled but not called (it would open the default store location
//   and migrate it, and migrations are tested elsewhere).
// - The XCTest `MigrationTests` class is left out: it tests migration, not the model code.
import Strata

// Version 1 — initial schema
enum BookSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Book.self]
    }

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

// Version 2 — added publishedYear, renamed isbn → isbnCode
enum BookSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)

    static var models: [any PersistentModel.Type] {
        [Book.self]
    }

    @Model final class Book {
        var title: String
        var author: String
        @Attribute(originalName: "isbn") var isbnCode: String // renamed
        var publishedYear: Int? // new optional property

        init(title: String, author: String, isbnCode: String) {
            self.title = title
            self.author = author
            self.isbnCode = isbnCode
        }
    }
}

enum BookMigrationPlanToV2: SchemaMigrationPlan {
    // The current schema (latest version)
    static var currentSchema: any VersionedSchema.Type {
        BookSchemaV2.self
    }

    // All migration stages, in order from oldest to newest
    static var stages: [MigrationStage] {
        [migrateV1toV2]
    }

    static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: BookSchemaV1.self,
        toVersion: BookSchemaV2.self
    )
}

/// The seed's container wiring, compiled to prove the call shape; not called by the tests.
func makeBookshelfContainer() throws -> ModelContainer {
    let container = try ModelContainer(
        for: BookSchemaV2.Book.self,
        migrationPlan: BookMigrationPlan.self,
        configurations: ModelConfiguration("Bookshelf")
    )
    return container
}

// V2 → V3: split "author" (String) into separate firstName + lastName
enum BookSchemaV3: VersionedSchema {
    static var versionIdentifier = Schema.Version(3, 0, 0)
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

/// Holds the article's stand-alone custom stage with both `willMigrate` and `didMigrate`.
enum BookSplitAuthorStage {
    // Custom stage with willMigrate closure
    static let migrateV2toV3 = MigrationStage.custom(
        fromVersion: BookSchemaV2.self,
        toVersion: BookSchemaV3.self,
        willMigrate: { context in
            // willMigrate runs BEFORE the schema is applied — use fromVersion types
            let books = try context.fetch(FetchDescriptor<BookSchemaV2.Book>())
            for book in books {
                // Store split data somewhere accessible post-migration
                // (e.g., a temporary UserDefaults key, or encoded in another field)
                // NOTE: You cannot write to V3 fields here — the V3 schema isn't applied yet
            }
        },
        didMigrate: { context in
            // didMigrate runs AFTER the schema is applied — use toVersion types
            let books = try context.fetch(FetchDescriptor<BookSchemaV3.Book>())
            for book in books {
                // book.author is gone; split into firstName/lastName
                // In practice: store the old value in willMigrate, read it here
                let parts = book.title.split(separator: " ", maxSplits: 1)
                book.firstName = String(parts.first ?? "")
                book.lastName = parts.count > 1 ? String(parts[1]) : ""
            }
            try context.save()
        }
    )
}

enum BookMigrationPlan: SchemaMigrationPlan {
    static var currentSchema: any VersionedSchema.Type { BookSchemaV3.self }

    static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3] // order matters — oldest first
    }

    static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: BookSchemaV1.self,
        toVersion: BookSchemaV2.self
    )

    static let migrateV2toV3 = MigrationStage.custom(
        fromVersion: BookSchemaV2.self,
        toVersion: BookSchemaV3.self,
        willMigrate: nil,
        didMigrate: { context in
            // transform V2 → V3 data
            try context.save()
        }
    )
}
