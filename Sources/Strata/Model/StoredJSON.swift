import Foundation

/// A JSON value of any shape, in the form Strata stores a Codable attribute: the one JSON value type of Strata's
/// modules (a SwiftData composite read from a device store, a default read from an app's sources, a stored value in
/// `strata rows --json`). Its text is the stored text: `JSONEncoder` with sorted keys and slashes unescaped
/// (`StoredJSON.text(of:)`), so values from every origin compare equal with what a save writes.
public indirect enum StoredJSON: Hashable, Sendable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    /// A `Float` from an app's sources, encoded as Swift encodes a `Float` (0.1 prints as 0.1, not as a Double).
    case float(Float)
    case string(String)
    case array([StoredJSON])
    case object([String: StoredJSON])

    /// The stored text of an encodable value: the encoder every writer of a Codable value's JSON uses.
    package static func text(of value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let number = try? container.decode(Double.self) {
            self = .real(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([StoredJSON].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: StoredJSON].self))
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let number): try container.encode(number)
        case .real(let number): try container.encode(number)
        case .float(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        }
    }

    /// The stored text on one line, keys sorted; "null" for a value JSON cannot hold (a non-finite number).
    public var description: String { (try? Self.text(of: self)) ?? "null" }
}
