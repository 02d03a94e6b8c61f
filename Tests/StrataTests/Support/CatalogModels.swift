import Foundation
import Strata

/// A catalogue of items and their writers, for predicates, sorts and paging.
enum Catalog {
    enum Status: String, Codable, Sendable {
        case todo, reading, done
    }

    enum Priority: Int, Codable, Sendable {
        case low = 1, normal = 2, high = 3
    }

    @Model final class Writer {
        var name: String
        var items: [Item] = []

        init(name: String) { self.name = name }
    }

    @Model final class Item {
        var title: String
        var pages: Int
        var status: Status = .todo
        var priority: Priority = .normal
        var published: Date
        var rating: Double?
        var subtitle: String?
        var writer: Writer?

        init(title: String, pages: Int, published: Date, writer: Writer? = nil) {
            self.title = title
            self.pages = pages
            self.published = published
            self.writer = writer
        }
    }

    /// A date from its year, month and day (UTC).
    static func date(_ year: Int, _ month: Int = 1, _ day: Int = 1) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    /// Six items by three writers (one item has none), saved in a new store at `url`.
    static func seed(at url: URL) throws -> ModelContext {
        let context = ModelContext(try openContainer(Item.self, at: url))
        let herbert = Writer(name: "Frank Herbert")
        let rousseau = Writer(name: "Rousseau")
        let austen = Writer(name: "Jane Austen")
        let rows: [(String, Int, Status, Priority, Date, Double?, String?, Writer?)] = [
            ("Dune", 412, .done, .high, date(1965, 8, 1), 4.5, nil, herbert),
            ("Émile", 300, .reading, .low, date(1762, 5, 1), nil, "ou De l'éducation", rousseau),
            ("emma", 474, .todo, .normal, date(1815, 12, 23), 4.0, nil, austen),
            ("Zebra Tales", 12, .done, .low, Date(timeIntervalSinceReferenceDate: 0), 3.0, "for kids", nil),
            ("Dune Messiah", 256, .todo, .high, date(1969, 10, 15), nil, nil, herbert),
            ("éclair", 64, .reading, .normal, date(2001, 1, 1).addingTimeInterval(0.000_5), 2.5, "a pastry", nil),
        ]
        for (title, pages, status, priority, published, rating, subtitle, writer) in rows {
            let item = Item(title: title, pages: pages, published: published, writer: writer)
            item.status = status
            item.priority = priority
            item.rating = rating
            item.subtitle = subtitle
            context.insert(item)
        }
        try context.save()
        return ModelContext(try openContainer(Item.self, at: url))
    }
}
