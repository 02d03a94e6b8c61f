import Foundation

/// A JSON value built from the sources, encoded as Strata's value codec encodes a Codable value (JSONEncoder with
/// sorted keys and unescaped slashes), so numbers print as Swift's own types print them.
indirect enum JSONValue: Encodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case float(Float)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Encodes the value as the type it stands for.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The JSON text, as stored.
    var encoded: String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }
}
