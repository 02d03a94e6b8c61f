import Foundation
import GRDB

/// CoreDataStack's real Core Data store (bignerdranch/CoreDataStack `TestModel.sqlite`, empty as it shipped) with
/// rows written into its tables, and model versions written here beside its real `TestModel`, for the changes whose
/// outcome depends on the rows. The rows go where Core Data keeps them in that store: `ZAUTHOR (Z_PK, Z_ENT 1, Z_OPT,
/// ZFIRSTNAME, ZLASTNAME)`, `ZBOOK (Z_PK, Z_ENT 2, Z_OPT, ZTITLE)`, the many-to-many in `Z_1BOOKS (Z_1AUTHORS,
/// Z_2BOOKS)`, and each entity's last key in `Z_PRIMARYKEY.Z_MAX`.
public enum BookshelfStore {
    /// An author's row: key, first and last name.
    public typealias Author = (key: Int, first: String?, last: String?)
    /// A book's row: key and title.
    public typealias Book = (key: Int, title: String?)

    /// A copy of `TestModel.sqlite` in `directory` holding these rows, and the links (author key, book key).
    public static func write(
        authors: [Author], books: [Book], links: [(Int, Int)] = [], in directory: URL
    ) throws -> URL {
        let url = directory.appendingPathComponent("Bookshelf.sqlite")
        try AppleStoreFixtures.copy("coredata-bnr-coredatastack", "TestModel.sqlite", to: url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        try queue.write { db in
            for author in authors {
                try db.execute(
                    sql: "INSERT INTO ZAUTHOR (Z_PK, Z_ENT, Z_OPT, ZFIRSTNAME, ZLASTNAME) VALUES (?, 1, 1, ?, ?)",
                    arguments: [author.key, author.first, author.last])
            }
            for book in books {
                try db.execute(
                    sql: "INSERT INTO ZBOOK (Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES (?, 2, 1, ?)",
                    arguments: [book.key, book.title])
            }
            for (author, book) in links {
                try db.execute(
                    sql: "INSERT INTO Z_1BOOKS (Z_1AUTHORS, Z_2BOOKS) VALUES (?, ?)", arguments: [author, book])
            }
            try db.execute(
                sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = 1", arguments: [authors.map(\.key).max() ?? 0])
            try db.execute(
                sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = 2", arguments: [books.map(\.key).max() ?? 0])
        }
        return url
    }

    /// The real `TestModel` and a second version, `TestModel 2`, edited as Xcode writes these changes: `Book.title`
    /// made required (its `optional="YES"` removed, no default) and a `<uniquenessConstraints>` on Author's
    /// (firstName, lastName), the element bitwarden/ios's model shows (Tests/CoreDataModels/README.md).
    public static func stricterModel(in directory: URL) throws -> URL {
        let first = try ModelBundleFixtures.realModel(
            "coredata-bnr-coredatastack", "TestModel.xcdatamodel.contents.xml")
        let second = try edit(
            first,
            [
                (
                    "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\" syncable=\"YES\"/>",
                    "<attribute name=\"title\" attributeType=\"String\" syncable=\"YES\"/>"
                ),
                (
                    "inverseName=\"authors\" inverseEntity=\"Book\" syncable=\"YES\"/>",
                    "inverseName=\"authors\" inverseEntity=\"Book\" syncable=\"YES\"/>\n        <uniquenessConstraints>\n            <uniquenessConstraint>\n                <constraint value=\"firstName\"/>\n                <constraint value=\"lastName\"/>\n            </uniquenessConstraint>\n        </uniquenessConstraints>"
                ),
            ])
        return try ModelBundleFixtures.bundle(
            "Bookshelf", versions: [("TestModel", first), ("TestModel 2", second)], current: "TestModel 2",
            in: directory)
    }

    /// The real `TestModel` and `TestModel 2`, where the entity Author is renamed Writer through the renaming
    /// identifier Xcode writes as `elementID="Author"` (Tests/CoreDataModels/README.md), and Book's relationship
    /// follows it; another `identifier` (one naming no entity of `TestModel`) makes Writer a new entity instead.
    public static func renamedAuthorModel(in directory: URL, identifier: String = "Author") throws -> URL {
        let first = try ModelBundleFixtures.realModel(
            "coredata-bnr-coredatastack", "TestModel.xcdatamodel.contents.xml")
        let second = try edit(
            first,
            [
                (
                    "<entity name=\"Author\" representedClassName=\"Author\" syncable=\"YES\">",
                    "<entity name=\"Writer\" representedClassName=\"Writer\" elementID=\"\(identifier)\" syncable=\"YES\">"
                ),
                ("destinationEntity=\"Author\"", "destinationEntity=\"Writer\""),
                ("inverseEntity=\"Author\"", "inverseEntity=\"Writer\""),
                ("<element name=\"Author\"", "<element name=\"Writer\""),
            ])
        return try ModelBundleFixtures.bundle(
            "Bookshelf", versions: [("TestModel", first), ("TestModel 2", second)], current: "TestModel 2",
            in: directory)
    }

    /// The real `TestModel`, `TestModel 2` where Book gains a required attribute with a default of every form the
    /// model editor writes (`defaultValueString` of a Boolean `YES`, of integers `2` and `NO`, of a Double, a
    /// Decimal, a String, a UUID and a URI; `defaultDateTimeInterval` of a Date) and `title` is made required with the
    /// default "Untitled", and `TestModel 3` where Book gains a required Binary `cover`, which the editor gives no
    /// default: Core Data infers the jump and fails it with 134110 when Book has rows.
    public static func defaultsModel(in directory: URL) throws -> URL {
        let first = try ModelBundleFixtures.realModel(
            "coredata-bnr-coredatastack", "TestModel.xcdatamodel.contents.xml")
        let title = "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\" syncable=\"YES\"/>"
        let added = [
            "<attribute name=\"title\" attributeType=\"String\" defaultValueString=\"Untitled\" syncable=\"YES\"/>",
            "<attribute name=\"isRead\" attributeType=\"Boolean\" defaultValueString=\"YES\" usesScalarValueType=\"YES\" syncable=\"YES\"/>",
            "<attribute name=\"copies\" attributeType=\"Integer 16\" defaultValueString=\"2\" usesScalarValueType=\"YES\" syncable=\"YES\"/>",
            "<attribute name=\"isLent\" attributeType=\"Integer 32\" defaultValueString=\"NO\" usesScalarValueType=\"YES\" syncable=\"YES\"/>",
            "<attribute name=\"rating\" attributeType=\"Double\" defaultValueString=\"4.5\" usesScalarValueType=\"YES\" syncable=\"YES\"/>",
            "<attribute name=\"price\" attributeType=\"Decimal\" defaultValueString=\"9.99\" syncable=\"YES\"/>",
            "<attribute name=\"language\" attributeType=\"String\" defaultValueString=\"en\" syncable=\"YES\"/>",
            "<attribute name=\"addedAt\" attributeType=\"Date\" defaultDateTimeInterval=\"600000000\" usesScalarValueType=\"NO\" syncable=\"YES\"/>",
            "<attribute name=\"shelf\" attributeType=\"UUID\" defaultValueString=\"0F3C2A9E-5B1D-4E77-9C1A-2D8B6E4F7A10\" usesScalarValueType=\"NO\" syncable=\"YES\"/>",
            "<attribute name=\"link\" attributeType=\"URI\" defaultValueString=\"https://example.org/books\" syncable=\"YES\"/>",
        ]
        let second = try edit(first, [(title, added.joined(separator: "\n        "))])
        let third = try edit(
            second,
            [
                (
                    added[0],
                    added[0] + "\n        <attribute name=\"cover\" attributeType=\"Binary\" syncable=\"YES\"/>"
                )
            ])
        return try ModelBundleFixtures.bundle(
            "Bookshelf", versions: [("TestModel", first), ("TestModel 2", second), ("TestModel 3", third)],
            current: "TestModel 3", in: directory)
    }

    /// The real `TestModel`, `TestModel 2` where Book gains an optional Boolean `isSilenced`, and `TestModel 3` where
    /// it becomes the Integer 32 `mutedStatus` through the renaming identifier (`elementID="isSilenced"`): the change
    /// a public app made with the renaming identifier alone, in place of a mapping model (docs/APPLE_STORES.md).
    public static func booleanToIntegerModel(in directory: URL) throws -> URL {
        let first = try ModelBundleFixtures.realModel(
            "coredata-bnr-coredatastack", "TestModel.xcdatamodel.contents.xml")
        let title = "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\" syncable=\"YES\"/>"
        let second = try edit(
            first,
            [
                (
                    title,
                    title
                        + "\n        <attribute name=\"isSilenced\" optional=\"YES\" attributeType=\"Boolean\" usesScalarValueType=\"YES\" syncable=\"YES\"/>"
                )
            ])
        let third = try edit(
            second,
            [
                (
                    "<attribute name=\"isSilenced\" optional=\"YES\" attributeType=\"Boolean\"",
                    "<attribute name=\"mutedStatus\" optional=\"YES\" attributeType=\"Integer 32\" elementID=\"isSilenced\""
                )
            ])
        return try ModelBundleFixtures.bundle(
            "Bookshelf", versions: [("TestModel", first), ("TestModel 2", second), ("TestModel 3", third)],
            current: "TestModel 3", in: directory)
    }

    /// The real `TestModel`, `TestModel 2` where Book gains an optional Boolean `isSilenced`, and `TestModel 3` where
    /// Book has an optional Integer 32 `mutedStatus` instead (no renaming identifier) and a required String `shelf`
    /// without a default, with a mapping model `MutedStatus` for `TestModel 2` -> `TestModel 3` beside the bundle:
    /// Author copied, Book transformed with `mutedStatus` from `status` (by default `$source.isSilenced`) and `shelf`
    /// the constant "Main".
    public static func mappedModel(
        in directory: URL, status: MappingModelFixture.Value = .source("isSilenced")
    ) throws -> URL {
        let bundle = try booleanToIntegerModel(in: directory)
        let third = bundle.appendingPathComponent("TestModel 3.xcdatamodel/contents")
        let text = try String(contentsOf: third, encoding: .utf8)
        let edited = try edit(
            text,
            [
                (
                    "<attribute name=\"mutedStatus\" optional=\"YES\" attributeType=\"Integer 32\" elementID=\"isSilenced\"",
                    "<attribute name=\"shelf\" attributeType=\"String\" syncable=\"YES\"/>\n        <attribute name=\"mutedStatus\" optional=\"YES\" attributeType=\"Integer 32\""
                )
            ])
        try Data(edited.utf8).write(to: third)
        _ = try MappingModelFixture.write(
            "MutedStatus", model: "Bookshelf", source: "TestModel 2", destination: "TestModel 3",
            mappings: [
                .init(
                    "AuthorToAuthor", source: "Author", destination: "Author", type: "Copy", relationships: ["books"]),
                .init(
                    "BookToBook", source: "Book", destination: "Book", type: "Transform",
                    attributes: [("title", .generated), ("mutedStatus", status), ("shelf", .text("Main"))],
                    relationships: ["authors"]),
            ], in: directory)
        return bundle
    }

    /// `text` with each (old, new) replaced; throws when an old text is not there, so a fixture never silently
    /// stays the real file.
    private static func edit(_ text: String, _ replacements: [(String, String)]) throws -> String {
        var result = text
        for (old, new) in replacements {
            guard result.contains(old) else { throw AppleStoreFixtures.Missing(path: "the text \(old) in TestModel") }
            result = result.replacingOccurrences(of: old, with: new)
        }
        return result
    }
}
