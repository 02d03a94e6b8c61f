import Foundation
package import GRDB

extension RowFilter {
    /// How a column's values are read from a filter's value and compared: as text, numbers, dates (seconds since
    /// 2001-01-01, as Strata and Core Data both store them), booleans (0 and 1) or UUIDs (16-byte blobs).
    package enum Storage: Sendable { case text, number, date, bool, uuid }

    /// The SQL condition (the value bound, never spliced) for a column of a Strata store stored as `type` (nil:
    /// the primary key or a to-one relationship's key).
    func condition(entity: String, type: ValueType?) throws -> (sql: String, arguments: [DatabaseValue]) {
        try condition(entity: entity, expression: quote(column), storage: Self.storage(type))
    }

    /// The SQL condition on the column `expression` holds, its values stored as `storage`: numbers, dates,
    /// booleans and UUIDs are read from the value as the rows show them; `~` matches text containing the value,
    /// ignoring the case of ASCII letters. A date stands for the span its precision names (a day, a second, a
    /// millisecond): `=` matches the span, `<` is before it, `<=` before its end, `>` after it. Throws
    /// `RowFilterError.invalidValue` for a value the column cannot hold.
    package func condition(
        entity: String, expression column: String, storage: Storage
    ) throws -> (sql: String, arguments: [DatabaseValue]) {
        func refuse(_ reason: String) -> RowFilterError {
            .invalidValue(entity: entity, filter: description, reason: reason)
        }
        if comparison == .contains {
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_")
            return ("CAST(\(column) AS TEXT) LIKE ? ESCAPE '\\'", ["%\(escaped)%".databaseValue])
        }
        let argument: DatabaseValue
        switch storage {
        case .date:
            guard let span = Self.dateSpan(value) else {
                throw refuse("\(self.column) is a date: write it as 2020-01-31 or 2020-01-31T12:00:00Z")
            }
            let (start, end) = (span.start.databaseValue, span.end.databaseValue)
            return switch comparison {
            case .equal: ("(\(column) >= ? AND \(column) < ?)", [start, end])
            case .notEqual: ("(\(column) IS NULL OR \(column) < ? OR \(column) >= ?)", [start, end])
            case .less: ("\(column) < ?", [start])
            case .lessOrEqual: ("\(column) < ?", [end])
            case .greater: ("\(column) >= ?", [end])
            case .greaterOrEqual, .contains: ("\(column) >= ?", [start])
            }
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
        return ("\(column) \(comparison == .notEqual ? "IS NOT" : comparison.rawValue) ?", [argument])
    }

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

    /// The seconds since 2001-01-01 a date covers as written: "2020-01-31" the day (UTC), "2020-01-31T12:00:00Z"
    /// the second, with fractional seconds the millisecond around it (rows show dates to the millisecond).
    static func dateSpan(_ text: String) -> (start: Double, end: Double)? {
        let formatter = ISO8601DateFormatter()
        let forms: [(ISO8601DateFormatter.Options, Double, Double)] = [
            ([.withInternetDateTime, .withFractionalSeconds], -0.0005, 0.0005), ([.withInternetDateTime], 0, 1),
            ([.withFullDate], 0, 86_400),
        ]
        for (options, before, after) in forms {
            formatter.formatOptions = options
            if let seconds = formatter.date(from: text)?.timeIntervalSinceReferenceDate {
                return (seconds + before, seconds + after)
            }
        }
        return nil
    }
}
