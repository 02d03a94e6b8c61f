import Foundation
import Strata

/// Models of a small library, covering every kind of relationship and several value types.
enum Library {
    enum Genre: String, Codable, CaseIterable {
        case fiction, science, poetry
    }

    struct Dimensions: Codable, Hashable {
        var width: Double
        var height: Double
    }

    @Model final class Author {
        @Attribute(.unique) var name: String
        var born: Date?
        @Relationship(deleteRule: .cascade, inverse: \Book.author) var books: [Book] = []

        init(name: String, born: Date? = nil) {
            self.name = name
            self.born = born
        }
    }

    @Model final class Book {
        var title: String
        var pages: Int = 0
        var genre: Genre = Genre.fiction
        var price: Decimal?
        var author: Author?
        var tags: [Tag]? = []
        var dimensions: Dimensions?
        @Transient var scratch: Int = 0

        init(title: String, pages: Int = 0, author: Author? = nil) {
            self.title = title
            self.pages = pages
            self.author = author
        }
    }

    @Model final class Tag {
        @Attribute(.unique) var label: String
        @Relationship(inverse: \Book.tags) var books: [Book] = []

        init(label: String) { self.label = label }
    }

    @Model final class Shelf {
        var name: String
        @Relationship(deleteRule: .deny) var books: [Book] = []

        init(name: String) { self.name = name }
    }
}
