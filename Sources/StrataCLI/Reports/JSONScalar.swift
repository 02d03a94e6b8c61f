import Strata
import StrataAppleStores

/// A stored value as JSON: null, a number, a boolean or a string (or a SwiftData composite's object of fields).
enum JSONScalar: Encodable {
    case null
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case string(String)
    /// A composite attribute of a SwiftData store: its object of fields as JSON.
    case json(AppleJSON)

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

    /// The JSON form of a value of a SwiftData or Core Data store: a composite as its object, the rest as above.
    init(_ value: AppleValue) {
        if case .json(let json) = value {
            self = .json(json)
        } else {
            self.init(value.storedValue)
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
        case .json(let json): try container.encode(json)
        }
    }
}
