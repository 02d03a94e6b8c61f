import Foundation
import SwiftData

enum ShelfSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self, Shelf.self] }

    @Model
    final class Book {
        var title: String
        var author: String
        var pages: Int = 0
        var status: ReadingStatus = ReadingStatus.unread
        @Relationship(deleteRule: .nullify) var shelf: Shelf?

        init(title: String, author: String) {
            self.title = title
            self.author = author
        }
    }

    @Model
    final class Shelf {
        var label: String
        @Relationship(inverse: \Book.shelf) var books: [Book] = []

        init(label: String) { self.label = label }
    }
}

enum ReadingStatus: Int, Codable {
    case unread, reading, finished
}
