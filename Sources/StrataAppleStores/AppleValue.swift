import Foundation
internal import GRDB
import Strata

/// A value read from an Apple store, decoded by its attribute's type: dates from the 2001 reference date,
/// UUIDs from 16-byte blobs, booleans from 0/1, decimals, URLs; relationships as references to rows.
public enum AppleValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case bool(Bool)
    case date(Date)
    case uuid(UUID)
    case decimal(Decimal)
    /// A URI attribute, as its text.
    case url(String)
    /// A composite attribute (a SwiftData Codable struct): its fields as a JSON object, as Codable encodes them.
    case json(StoredJSON)
    /// A to-one relationship's target.
    case reference(AppleObjectReference)
    /// A to-many relationship's targets.
    case references([AppleObjectReference])

    /// Decodes a stored column value of an attribute of this kind (nil kind: as SQLite stores it).
    init(_ value: DatabaseValue, kind: AppleAttributeKind?) {
        switch (value.storage, kind) {
        case (.null, _): self = .null
        case (.int64(let number), .boolean?): self = .bool(number != 0)
        case (.double(let seconds), .date?): self = .date(Date(timeIntervalSinceReferenceDate: seconds))
        case (.int64(let seconds), .date?): self = .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
        case (.blob(let data), .uuid?) where data.count == 16:
            self = .uuid(data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) })
        case (.int64(let number), .decimal?): self = .decimal(Decimal(number))
        case (.double(let number), .decimal?):
            self = .decimal(
                Decimal(string: String(number), locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(number))
        case (.string(let text), .decimal?):
            self =
                Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map(AppleValue.decimal) ?? .text(text)
        case (.string(let text), .uri?): self = .url(text)
        case (.int64(let number), _): self = .integer(number)
        case (.double(let number), _): self = .real(number)
        case (.string(let text), _): self = .text(text)
        case (.blob(let data), _): self = .blob(data)
        }
    }

    /// The value as Strata's display type, for browsers that show `StoredValue`s (references as "Entity#key").
    public var storedValue: StoredValue {
        switch self {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let data): .blob(data)
        case .bool(let flag): .bool(flag)
        case .date(let date): .date(date)
        case .uuid(let uuid): .uuid(uuid)
        case .decimal(let number): .text(number.description)
        case .url(let text): .text(text)
        case .json(let value): .text(value.description)
        case .reference, .references: .text(description)
        }
    }

    /// One line of terminal-safe text: NULL, ISO dates, UUIDs, `Item#3`, `[Component#1, Component#4]`, JSON objects.
    public var description: String {
        switch self {
        case .reference(let target): target.description
        case .references(let targets): "[" + targets.map(\.description).joined(separator: ", ") + "]"
        default: storedValue.description
        }
    }
}

/// A row of an Apple store another row refers to: its entity and primary key (`Z_PK`).
public struct AppleObjectReference: Hashable, Sendable, CustomStringConvertible {
    /// The entity of the target (the relationship's destination).
    public let entity: String
    /// The target's `Z_PK`.
    public let key: Int64

    /// A reference to the row of `entity` whose `Z_PK` is `key`.
    public init(entity: String, key: Int64) {
        self.entity = entity
        self.key = key
    }

    /// "Item#3".
    public var description: String { "\(entity)#\(key)" }
}

/// A page of an entity's rows from an Apple store.
public struct AppleRowPage: Sendable {
    /// The entity (or persistent-history table).
    public let entity: String
    /// The column titles: `Z_PK`, `entity` when the entity has subentities, the attributes, then the relationships.
    public let columns: [String]
    /// The rows, one value per column.
    public let rows: [[AppleValue]]
    /// The number of rows of the entity, all pages together.
    public let total: Int
    /// What the reader must know about these rows (uncertain or missing columns, rows of unknown entities),
    /// terminal-safe; empty when every value was read from a known column.
    public let notes: [String]
}
