import Foundation
import SwiftData

enum ShelfSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] {
        [ShelfSchemaV1.Book.self, Self.Calendar.self]
    }

    @Model final class Book {
        var title: String
        var calendar: Calendar?

        init(title: String) { self.title = title }
    }

    /// A reading plan, named like Foundation's type: inside this schema `Calendar` means this class.
    @Model final class Calendar {
        var name: String
        var books: [Book] = []

        init(name: String) { self.name = name }
    }
}
