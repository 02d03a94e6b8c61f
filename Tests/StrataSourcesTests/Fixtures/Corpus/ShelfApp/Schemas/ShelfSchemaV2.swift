import Foundation
import SwiftData

typealias Book = ShelfSchemaV2.Book

enum ShelfSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] {
        [ShelfApp.Book.self, ShelfSchemaV2.Calendar.self]
    }

    @Model final class Book {
        var title: String
        var subtitle: String?
        var calendar: Calendar?

        init(title: String) { self.title = title }
    }

    @Model final class Calendar {
        var name: String
        var books: [Book] = []
        var startsOn: Date?

        init(name: String) { self.name = name }
    }
}
