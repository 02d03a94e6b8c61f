/// How an attribute's value is stored: the Swift type family and the SQLite column type it maps to.
public indirect enum ValueType: Hashable, Sendable, Codable, CustomStringConvertible {
    case string, bool, double, float, decimal, date, data, uuid, url
    case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
    /// A `RawRepresentable` type stored as its raw value.
    case rawRepresentable(typeName: String, raw: ValueType)
    /// Any other `Codable` value (structs, arrays, dictionaries), stored as JSON text.
    case codable(typeName: String)

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
        case .codable(let name): return "json \(name)"
        default: return Self.simple.first { $0.0 == self }?.1 ?? "?"
        }
    }

    /// Parses the spelling `description` produces.
    public init?(_ text: String) {
        if let simple = Self.simple.first(where: { $0.1 == text }) {
            self = simple.0
        } else if text.hasPrefix("json ") {
            self = .codable(typeName: String(text.dropFirst(5)))
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

    /// Encodes as its spelling.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
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
