import Foundation
import GRDB

extension RowFilter {
    /// The SQL condition (the value bound, never spliced) for a column stored as `type` (nil: the primary key or
    /// a to-one relationship's key): numbers, dates, booleans and UUIDs are read from the value as the rows show
    /// them; `~` matches text containing the value, ignoring the case of ASCII letters.
    func condition(entity: String, type: ValueType?) throws -> (sql: String, argument: DatabaseValue) {
        let column = quote(self.column)
        func refuse(_ reason: String) -> RowFilterError {
            .invalidValue(entity: entity, filter: description, reason: reason)
        }
        if comparison == .contains {
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_")
            return ("CAST(\(column) AS TEXT) LIKE ? ESCAPE '\\'", "%\(escaped)%".databaseValue)
        }
        let argument: DatabaseValue
        switch Self.storage(type) {
        case .date:
            guard let date = Self.date(value) else {
                throw refuse("\(self.column) is a date: write it as 2020-01-31 or 2020-01-31T12:00:00Z")
            }
            argument = date.timeIntervalSinceReferenceDate.databaseValue
        case .bool:
            switch value.lowercased() {
            case "true", "yes", "1": argument = 1.databaseValue
            case "false", "no", "0": argument = 0.databaseValue
            default: throw refuse("\(self.column) is true or false")
            }
        case .uuid:
            guard let uuid = UUID(uuidString: value) else {
                throw refuse("\(self.column) is a UUID such as 123E4567-E89B-12D3-A456-426614174000")
            }
            guard comparison == .equal || comparison == .notEqual else {
                throw refuse("UUIDs compare with = and != only")
            }
            argument = withUnsafeBytes(of: uuid.uuid) { Data($0) }.databaseValue
        case .number:
            if let number = Int64(value) {
                argument = number.databaseValue
            } else if let number = Double(value) {
                argument = number.databaseValue
            } else {
                throw refuse("\(self.column) holds numbers, got '\(value)'")
            }
        case .text:
            argument = value.databaseValue
        }
        return ("\(column) \(comparison == .notEqual ? "IS NOT" : comparison.rawValue) ?", argument)
    }

    /// How a column's values compare.
    private enum Storage { case text, number, date, bool, uuid }

    private static func storage(_ type: ValueType?) -> Storage {
        switch type {
        case nil: .number
        case .date?: .date
        case .bool?: .bool
        case .uuid?: .uuid
        case .rawRepresentable(_, let raw)?: storage(raw)
        case .string?, .url?, .decimal?, .codable?, .data?: .text
        default: .number
        }
    }

    /// "2020-01-31", "2020-01-31T12:00:00Z" or with fractional seconds, as UTC when no zone is given.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime], [.withFullDate],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
