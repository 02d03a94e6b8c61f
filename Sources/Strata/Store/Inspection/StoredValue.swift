import Foundation
internal import GRDB

/// A value read from a store for display: typed by the column's recorded value type when it is known.
public enum StoredValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case date(Date)
    case uuid(UUID)
    case bool(Bool)

    /// Reads a stored value, using the attribute's value type to show dates, UUIDs and booleans as such.
    init(_ value: DatabaseValue, type: ValueType?) {
        switch (value.storage, type) {
        case (.null, _): self = .null
        case (.double(let seconds), .date?), (.double(let seconds), .rawRepresentable(_, .date)?):
            self = .date(Date(timeIntervalSinceReferenceDate: seconds))
        case (.int64(let seconds), .date?): self = .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
        case (.blob(let data), .uuid?) where data.count == 16:
            self = UUID.fromStored(value).map(StoredValue.uuid) ?? .blob(data)
        case (.blob(let data), .string?):
            self = String(data: data, encoding: .utf8).map(StoredValue.text) ?? .blob(data)
        case (.int64(let number), .bool?): self = .bool(number != 0)
        case (.int64(let number), .uint?), (.int64(let number), .uint64?):
            self = .text(String(UInt64(bitPattern: number)))
        case (.int64(let number), _): self = .integer(number)
        case (.double(let number), _): self = .real(number)
        case (.string(let text), _): self = .text(text)
        case (.blob(let data), _): self = .blob(data)
        }
    }

    /// The value as text: NULL, ISO dates, UUIDs, `<blob 16 bytes 0a1b2c…>`, text as it is stored (a terminal
    /// shows it through `TerminalText`, which makes control characters and escape sequences visible).
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .uuid(let uuid): return uuid.uuidString
        case .date(let date):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.string(from: date)
        case .blob(let data):
            return
                "<blob \(data.count) bytes \(data.prefix(8).map { String(format: "%02x", $0) }.joined())\(data.count > 8 ? "…" : "")>"
        }
    }
}

/// A page of an entity's rows: the column names and, per row, its values in column order.
public struct RowPage: Sendable {
    /// The entity.
    public let entity: String
    /// `_pk`, the attributes, then the to-one foreign keys.
    public let columns: [String]
    /// The rows.
    public let rows: [[StoredValue]]
    /// The number of rows matching the filters, all pages together.
    public let total: Int
}
