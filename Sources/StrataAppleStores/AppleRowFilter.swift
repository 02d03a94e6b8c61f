import Foundation
import GRDB

/// A `column=value` filter on an Apple store's rows, turned into a condition on the stored column: the value is
/// read as the displayed form of the column's type (a date as ISO 8601, a UUID, `true`, `Item#3`) and bound,
/// never spliced into SQL text.
struct AppleRowFilter {
    /// The SQL condition, with `?` for each argument.
    let condition: String
    /// The bound values.
    let arguments: [DatabaseValue]

    /// What a filter is checked against: the entity's columns as the rows show them and where each is stored.
    struct Columns {
        let path: String
        let entity: String
        let storage: AppleStoreLayout.EntityStorage
        let attributes: [AppleAttribute]
        let relationships: [AppleRelationship]
        /// Entity name to `Z_ENT`, for the `entity` column of a family.
        let numbers: [String: Int64]
        /// The titles the rows show.
        let titles: [String]
    }

    /// The condition for `column = value`; throws `AppleStoreError.invalidFilter` for an unknown column, a value
    /// that cannot be of the column's type, or a column that cannot be filtered.
    init(column: String, value: String, in columns: Columns) throws {
        func refuse(_ reason: String) -> AppleStoreError {
            .invalidFilter(path: columns.path, entity: columns.entity, column: column, reason: reason)
        }
        if column == "Z_PK" {
            guard let key = Int64(value) else { throw refuse("Z_PK takes an integer, got '\(value)'") }
            self.init(condition: "Z_PK = ?", arguments: [key.databaseValue])
        } else if column == "entity", columns.titles.contains("entity") {
            guard let number = columns.numbers[value] else {
                throw refuse(
                    "no entity '\(value)' in this family; it holds \(columns.numbers.keys.sorted().joined(separator: ", "))"
                )
            }
            self.init(condition: "Z_ENT = ?", arguments: [number.databaseValue])
        } else if let attribute = columns.attributes.first(where: { $0.name == column }) {
            guard let stored = columns.storage.attributeColumns[column] else {
                throw refuse("the store has no column for it")
            }
            let (template, arguments) = try Self.comparison(value, kind: attribute.kind, refuse: refuse)
            self.init(
                condition: template.replacingOccurrences(of: Self.column, with: stored.expression), arguments: arguments
            )
        } else if let relationship = columns.relationships.first(where: { $0.name == column }) {
            guard case .ownerColumn(_, let stored)? = columns.storage.relationships[column], !relationship.isToMany
            else {
                throw refuse(
                    "only to-one relationships stored in this entity's table can be filtered; filter the other side on Z_PK instead"
                )
            }
            let digits = value.split(separator: "#").last.map(String.init) ?? value
            guard let key = Int64(digits) else {
                throw refuse(
                    "a relationship takes a target's key, as 3 or \(relationship.destination)#3, got '\(value)'")
            }
            self.init(condition: "\(stored.expression) = ?", arguments: [key.databaseValue])
        } else {
            throw refuse("its columns are \(columns.titles.joined(separator: ", "))")
        }
    }

    private init(condition: String, arguments: [DatabaseValue]) {
        self.condition = condition
        self.arguments = arguments
    }

    /// Where a comparison template names its column.
    private static let column = "$column"

    /// The comparison (a template naming the column as `$column`) and its arguments for a value of an attribute kind.
    private static func comparison(
        _ value: String, kind: AppleAttributeKind, refuse: (String) -> AppleStoreError
    ) throws -> (String, [DatabaseValue]) {
        let equal = "\(column) = ?"
        let between = "\(column) >= ? AND \(column) < ?"
        switch kind {
        case .string, .uri:
            return (equal, [value.databaseValue])
        case .integer16, .integer32, .integer64:
            guard let number = Int64(value) else {
                throw refuse("an integer attribute takes an integer, got '\(value)'")
            }
            return (equal, [number.databaseValue])
        case .double, .float, .decimal:
            guard let number = Double(value) else { throw refuse("a number attribute takes a number, got '\(value)'") }
            return (equal, [number.databaseValue])
        case .boolean:
            switch value.lowercased() {
            case "true", "1", "yes": return (equal, [1.databaseValue])
            case "false", "0", "no": return (equal, [0.databaseValue])
            default: throw refuse("a boolean attribute takes true or false, got '\(value)'")
            }
        case .date:
            // Dates show with milliseconds: a value with them matches that millisecond, one without the whole second.
            let precise = ISO8601DateFormatter()
            precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let seconds = precise.date(from: value)?.timeIntervalSinceReferenceDate {
                return (between, [(seconds - 0.0005).databaseValue, (seconds + 0.0005).databaseValue])
            }
            if let seconds = ISO8601DateFormatter().date(from: value)?.timeIntervalSinceReferenceDate {
                return (between, [seconds.databaseValue, (seconds + 1).databaseValue])
            }
            throw refuse("a date attribute takes an ISO 8601 date such as 2024-05-01T12:00:00Z, got '\(value)'")
        case .uuid:
            guard let uuid = UUID(uuidString: value) else {
                throw refuse("a UUID attribute takes a UUID, got '\(value)'")
            }
            return (equal, [withUnsafeBytes(of: uuid.uuid) { Data($0) }.databaseValue])
        case .binary, .transformable, .objectID, .composite, .unknown:
            throw refuse("attributes of type \(kind) cannot be filtered")
        }
    }
}
