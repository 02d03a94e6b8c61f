import Strata

/// A stored value as JSON: null, a number, a boolean or a string.
enum JSONScalar: Encodable {
    case null
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case string(String)

    /// The JSON form of a stored value: numbers and booleans as such, dates ISO 8601, UUIDs and blobs as text.
    init(_ value: StoredValue) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .bool(let flag): self = .bool(flag)
        case .text(let text): self = .string(text)
        case .blob, .date, .uuid: self = .string(value.description)
        }
    }

    /// Encodes the bare value.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .integer(let number): try container.encode(number)
        case .real(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .string(let text): try container.encode(text)
        }
    }
}
