/// How an attribute's value is stored: the Swift type family and the SQLite column type it maps to.
///
/// Two Codable types with known shapes are the same type when their shapes are (a struct renamed with the same
/// fields stores the same values); otherwise types are compared by name.
public indirect enum ValueType: Hashable, Sendable, Codable, CustomStringConvertible {
    case string, bool, double, float, decimal, date, data, uuid, url
    case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
    /// A `RawRepresentable` type stored as its raw value.
    case rawRepresentable(typeName: String, raw: ValueType)
    /// Any other `Codable` value (structs, arrays, dictionaries), stored as JSON text; an app's struct or enum (or an
    /// array of one) read with its encoded `shape`, by which it is then identified.
    case codable(typeName: String, shape: CodableShape? = nil)

    private static let simple: [(ValueType, String)] = [
        (.string, "String"), (.bool, "Bool"), (.double, "Double"), (.float, "Float"), (.decimal, "Decimal"),
        (.date, "Date"), (.data, "Data"), (.uuid, "UUID"), (.url, "URL"), (.int, "Int"), (.int8, "Int8"),
        (.int16, "Int16"), (.int32, "Int32"), (.int64, "Int64"), (.uint, "UInt"), (.uint8, "UInt8"),
        (.uint16, "UInt16"), (.uint32, "UInt32"), (.uint64, "UInt64"),
    ]

    /// The Swift spelling: "String", "Status(String)" for a raw-value enum, "json Address" for a Codable value.
    public var description: String {
        switch self {
        case .rawRepresentable(let name, let raw): return "\(name)(\(raw))"
        case .codable(let name, _): return "json \(name)"
        default: return simpleName
        }
    }

    /// The Swift name of a natively stored type (without comparing values, which `==` builds on).
    private var simpleName: String {
        switch self {
        case .string: "String"
        case .bool: "Bool"
        case .double: "Double"
        case .float: "Float"
        case .decimal: "Decimal"
        case .date: "Date"
        case .data: "Data"
        case .uuid: "UUID"
        case .url: "URL"
        case .int: "Int"
        case .int8: "Int8"
        case .int16: "Int16"
        case .int32: "Int32"
        case .int64: "Int64"
        case .uint: "UInt"
        case .uint8: "UInt8"
        case .uint16: "UInt16"
        case .uint32: "UInt32"
        case .uint64: "UInt64"
        case .rawRepresentable, .codable: "?"
        }
    }

    /// The spelling a schema records: `description`, with a Codable type's shape when it is known
    /// (`json Borrower {name: String, phone: String?}`).
    public var spelling: String {
        guard case .codable(let name, let shape?) = self else { return description }
        return name.isEmpty ? "json \(shape)" : "json \(name) \(shape)"
    }

    /// The differences between the shapes of two Codable types whose shapes are known (nil otherwise).
    public func shapeDifferences(to new: ValueType) -> [CodableShape.Difference]? {
        guard case .codable(_, let old?) = self, case .codable(_, let shape?) = new else { return nil }
        return old.differences(to: shape)
    }

    /// The type as the fingerprint hashes it: a shaped Codable type without its name (SwiftData hashes a composite
    /// attribute's fields, not its Swift type's name).
    var nameless: ValueType {
        guard case .codable(_, let shape?) = self else { return self }
        return .codable(typeName: "", shape: shape)
    }

    /// Equal shapes for two Codable types whose shapes are known, equal names otherwise.
    public static func == (lhs: ValueType, rhs: ValueType) -> Bool {
        switch (lhs, rhs) {
        case (.codable(let a, let aShape), .codable(let b, let bShape)):
            if let aShape, let bShape { return aShape == bShape }
            return a == b
        case (.rawRepresentable(let a, let aRaw), .rawRepresentable(let b, let bRaw)): return a == b && aRaw == bRaw
        default: return lhs.description == rhs.description
        }
    }

    /// Hashes alike what `==` calls equal (every Codable type alike).
    public func hash(into hasher: inout Hasher) {
        if case .codable = self {
            hasher.combine("json")
        } else {
            hasher.combine(description)
        }
    }

    /// Parses the spelling `spelling` (or `description`) produces.
    public init?(_ text: String) {
        if let simple = Self.simple.first(where: { $0.1 == text }) {
            self = simple.0
        } else if text.hasPrefix("json ") {
            self = Self.codable(spelled: String(text.dropFirst(5)))
        } else if text.hasSuffix(")"), let open = text.firstIndex(of: "("),
            let raw = ValueType(String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
        {
            self = .rawRepresentable(typeName: String(text[..<open]), raw: raw)
        } else {
            return nil
        }
    }

    /// The SQLite column type (affinity) the value is stored with.
    public var sqlType: String {
        switch self {
        case .string, .url, .decimal, .codable: "TEXT"
        case .double, .float, .date: "REAL"
        case .data, .uuid: "BLOB"
        case .rawRepresentable(_, let raw): raw.sqlType
        default: "INTEGER"
        }
    }

    /// True when SQLite orders stored values as Swift orders the values (so comparisons can run in SQL).
    public var isOrderedInSQL: Bool {
        switch self {
        case .decimal, .uint, .uint64, .codable, .uuid, .url: false
        case .rawRepresentable: false
        default: true
        }
    }

    /// `Borrower {name: String}` as the type named Borrower of that shape; a name alone (or a shape that does not
    /// read back) as a type known by name.
    private static func codable(spelled text: String) -> ValueType {
        var depth = 0
        for index in text.indices {
            let character = text[index]
            if character == "<" { depth += 1 }
            if character == ">" { depth -= 1 }
            guard depth == 0, character == " ", index > text.startIndex else { continue }
            let rest = text[text.index(after: index)...]
            guard let first = rest.first, "{([".contains(first) else { continue }
            if let shape = CodableShape(spelling: String(rest)) {
                return .codable(typeName: String(text[..<index]), shape: shape)
            }
        }
        return .codable(typeName: text)
    }

    /// Encodes as its spelling.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(spelling)
    }

    /// Decodes its spelling.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let type = ValueType(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown value type '\(text)'")
        }
        self = type
    }
}
