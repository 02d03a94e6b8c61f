import Strata

/// The seeds' bookshelf, bundled as an example plan: V1 -> V2 renames `isbn` (originalName) and adds an optional
/// year (lightweight); V2 -> V3 splits the author into first and last name (custom).
public enum Bookshelf {
    /// Version 1.0.0: title, author, isbn.
    public enum V1: VersionedSchema {
        /// 1.0.0.
        public static let versionIdentifier = Schema.Version(1, 0, 0)
        /// The book.
        public static var models: [any PersistentModel.Type] { [Book.self] }

        /// A book of version 1.
        @Model public final class Book {
            public var title: String
            public var author: String
            public var isbn: String

            /// Creates a book.
            public init(title: String, author: String, isbn: String) {
                self.title = title
                self.author = author
                self.isbn = isbn
            }
        }
    }

    /// Version 2.0.0: `isbn` renamed `isbnCode`, optional `publishedYear` added.
    public enum V2: VersionedSchema {
        /// 2.0.0.
        public static let versionIdentifier = Schema.Version(2, 0, 0)
        /// The book.
        public static var models: [any PersistentModel.Type] { [Book.self] }

        /// A book of version 2.
        @Model public final class Book {
            public var title: String
            public var author: String
            @Attribute(originalName: "isbn") public var isbnCode: String
            public var publishedYear: Int?

            /// Creates a book.
            public init(title: String, author: String, isbnCode: String) {
                self.title = title
                self.author = author
                self.isbnCode = isbnCode
            }
        }
    }

    /// Version 3.0.0: `author` split into `firstName` and `lastName`.
    public enum V3: VersionedSchema {
        /// 3.0.0.
        public static let versionIdentifier = Schema.Version(3, 0, 0)
        /// The book.
        public static var models: [any PersistentModel.Type] { [Book.self] }

        /// A book of version 3.
        @Model public final class Book {
            public var title: String
            public var firstName: String
            public var lastName: String
            public var isbnCode: String
            public var publishedYear: Int?

            /// Creates a book.
            public init(title: String, firstName: String, lastName: String, isbnCode: String) {
                self.title = title
                self.firstName = firstName
                self.lastName = lastName
                self.isbnCode = isbnCode
            }
        }
    }

    /// V1 -> V2 lightweight, V2 -> V3 custom.
    public enum Plan: SchemaMigrationPlan {
        /// V1, V2, V3.
        public static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self, V3.self] }
        /// The two stages.
        public static var stages: [MigrationStage] { [migrateV1toV2, migrateV2toV3] }

        /// Rename and new optional: no code needed.
        public static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: V1.self, toVersion: V2.self)

        /// Splits each author at the first space, reading the old value with `valueBeforeMigration`; saves every
        /// 5,000 books so memory stays flat however many there are (the stage is still one transaction).
        public static let migrateV2toV3 = MigrationStage.custom(
            fromVersion: V2.self, toVersion: V3.self, willMigrate: nil
        ) { context in
            var count = 0
            try context.enumerate(FetchDescriptor<V3.Book>(), batchSize: 5_000) { book in
                let author: String = try book.valueBeforeMigration("author") ?? ""
                let parts = author.split(separator: " ", maxSplits: 1)
                book.firstName = parts.first.map(String.init) ?? ""
                book.lastName = parts.count > 1 ? String(parts[1]) : ""
                count += 1
                if count % 5_000 == 0 { try context.save() }
            }
            try context.save()
        }
    }

    private static let authors = [
        "Frank Herbert", "Jane Austen", "Ursula K. Le Guin", "Chinua Achebe", "Toni Morrison", "Haruki Murakami",
        "Gabriel García Márquez", "Virginia Woolf", "Plato", "Octavia E. Butler", "Italo Calvino", "Wisława Szymborska",
    ]
    private static let words = [
        "Dune", "Emma", "Night", "River", "Garden", "Light", "Winter", "City", "Stone", "Sea", "Glass", "Road",
    ]

    /// Creates a V1 store at `url` with `rows` books (deterministic titles, authors and ISBNs).
    public static func makeDemoStore(at url: URL, rows: Int) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: V1.self), configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        var index = 0
        while index < rows {
            let end = min(index + 5_000, rows)
            for number in index..<end {
                context.insert(
                    V1.Book(
                        title:
                            "\(words[number % words.count]) \(words[(number / words.count) % words.count]) \(number + 1)",
                        author: authors[number % authors.count],
                        isbn: String(format: "978-%010d", number + 1)))
            }
            try context.save()
            index = end
        }
    }
}
