import Strata
import StrataAppleStores

extension StoredJSON {
    /// The JSON form of a stored value in a report: numbers and booleans as such, text as a string, dates ISO 8601,
    /// UUIDs and blobs as their text.
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
            self = json
        } else {
            self.init(value.storedValue)
        }
    }
}
