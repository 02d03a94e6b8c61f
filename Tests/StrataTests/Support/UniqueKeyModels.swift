import Foundation
import Strata

/// Models keyed the way apps key them: a unique `id: UUID` set in the initialiser, and one model per other value
/// type that can carry `@Attribute(.unique)`.
enum UniqueKeys {
    @Model final class Item {
        @Attribute(.unique) var id: UUID
        var name: String
        @Relationship(deleteRule: .cascade, inverse: \Note.item) var notes: [Note] = []

        init(name: String) {
            self.id = UUID()
            self.name = name
        }
    }

    @Model final class Note {
        var text: String
        var item: Item?

        init(text: String) {
            self.text = text
        }
    }

    /// A value the models below store as JSON.
    struct Coordinate: Codable, Hashable {
        var latitude: Double
        var longitude: Double
    }

    /// A raw-valued enum, stored as its raw value.
    enum Shelf: String, Codable {
        case top, middle, bottom
    }

    @Model final class Blob {
        @Attribute(.unique) var key: Data
        var name: String
        init(key: Data, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Amount {
        @Attribute(.unique) var key: Decimal
        var name: String
        init(key: Decimal, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Counter {
        @Attribute(.unique) var key: UInt64
        var name: String
        init(key: UInt64, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Reading {
        @Attribute(.unique) var key: Double
        var name: String
        init(key: Double, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Place {
        @Attribute(.unique) var key: Coordinate
        var name: String
        init(key: Coordinate, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Slot {
        @Attribute(.unique) var key: Shelf
        var name: String
        init(key: Shelf, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Event {
        @Attribute(.unique) var key: Date
        var name: String
        init(key: Date, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Link {
        @Attribute(.unique) var key: URL
        var name: String
        init(key: URL, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Tag {
        @Attribute(.unique) var key: String
        var name: String
        init(key: String, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Ticket {
        @Attribute(.unique) var key: Int
        var name: String
        init(key: Int, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Badge {
        @Attribute(.unique) var key: UUID?
        var name: String
        init(key: UUID?, name: String) {
            self.key = key
            self.name = name
        }
    }
    @Model final class Token {
        @Attribute(.unique) var key: Data?
        var name: String
        init(key: Data?, name: String) {
            self.key = key
            self.name = name
        }
    }
}

/// A model type whose unique attribute is `key` and whose other attribute is `name`, built from both.
protocol UniquelyKeyed: PersistentModel {
    associatedtype Key
    init(key: Key, name: String)
    var name: String { get }
}

extension UniqueKeys.Blob: UniquelyKeyed {}
extension UniqueKeys.Amount: UniquelyKeyed {}
extension UniqueKeys.Counter: UniquelyKeyed {}
extension UniqueKeys.Reading: UniquelyKeyed {}
extension UniqueKeys.Place: UniquelyKeyed {}
extension UniqueKeys.Slot: UniquelyKeyed {}
extension UniqueKeys.Event: UniquelyKeyed {}
extension UniqueKeys.Link: UniquelyKeyed {}
extension UniqueKeys.Tag: UniquelyKeyed {}
extension UniqueKeys.Ticket: UniquelyKeyed {}
extension UniqueKeys.Badge: UniquelyKeyed {}
extension UniqueKeys.Token: UniquelyKeyed {}
