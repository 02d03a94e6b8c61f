import Foundation
import Strata

extension AppleValue {
    /// The value as Swift source (`0`, `"text"`, `true`, `Date(timeIntervalSinceReferenceDate: 0.0)`), as diffs and
    /// reports show a model's default; nil for a relationship's targets, which are not defaults.
    public var swiftSource: String? {
        switch self {
        case .null: "nil"
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): ModelArchiveDecoder.literal(text)
        case .blob(let data): "Data(base64Encoded: \"\(data.base64EncodedString())\")!"
        case .bool(let flag): flag ? "true" : "false"
        case .date(let date): "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
        case .uuid(let uuid): "UUID(uuidString: \"\(uuid.uuidString)\")!"
        case .decimal(let number): number.description
        case .url(let text): "URL(string: \(ModelArchiveDecoder.literal(text)))!"
        case .json(let json): json.swiftSource
        case .reference, .references: nil
        }
    }
}

extension StoredJSON {
    /// An archived collection default as a Swift literal (`["a", 1]`).
    var swiftSource: String {
        switch self {
        case .null: "nil"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .float(let number): String(number)
        case .string(let text): ModelArchiveDecoder.literal(text)
        case .array(let items): "[" + items.map(\.swiftSource).joined(separator: ", ") + "]"
        case .object(let fields):
            fields.isEmpty
                ? "[:]"
                : "["
                    + fields.sorted { $0.key < $1.key }.map {
                        "\(ModelArchiveDecoder.literal($0.key)): \($0.value.swiftSource)"
                    }
                    .joined(separator: ", ") + "]"
        }
    }
}
