import Foundation
internal import GRDB
import Strata

/// A row filter (the `RowFilter` syntax Strata stores take) turned into a condition on an Apple store's stored
/// columns: the column named as the rows show it, the value read as the displayed form of the column's type (a
/// date as ISO 8601, stored as seconds since 2001-01-01; a UUID; `true`; `Item#3`) and bound, never spliced into
/// SQL text.
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

    /// The condition for a filter; throws `AppleStoreError.invalidFilter` for an unknown column, a value that
    /// cannot be of the column's type, or a column that cannot be filtered.
    init(_ filter: RowFilter, in columns: Columns) throws {
        func refuse(_ reason: String) -> AppleStoreError {
            .invalidFilter(path: columns.path, entity: columns.entity, column: filter.column, reason: reason)
        }
        /// The shared translation of the filter (or of `value` in its place) on a stored column.
        func compare(_ expression: String, as storage: RowFilter.Storage, value: String? = nil) throws -> Self {
            var filter = filter
            if let value { filter.value = value }
            do {
                let (sql, arguments) = try filter.condition(
                    entity: columns.entity, expression: expression, storage: storage)
                return Self(condition: sql, arguments: arguments)
            } catch let error as RowFilterError {
                guard case .invalidValue(_, _, let reason) = error else { throw error }
                throw refuse(reason)
            }
        }
        let column = filter.column
        if column == "Z_PK" {
            self = try compare("Z_PK", as: .number)
        } else if column == "entity", columns.titles.contains("entity") {
            guard filter.comparison == .equal || filter.comparison == .notEqual else {
                throw refuse("the entity column compares with = and != only")
            }
            guard let number = columns.numbers[filter.value] else {
                throw refuse(
                    "no entity '\(filter.value)' in this family; it holds \(columns.numbers.keys.sorted().joined(separator: ", "))"
                )
            }
            self = try compare("Z_ENT", as: .number, value: String(number))
        } else if let attribute = columns.attributes.first(where: { $0.name == column }) {
            guard let storage = Self.storage(attribute.kind) else {
                throw refuse("attributes of type \(attribute.kind) cannot be filtered")
            }
            guard let stored = columns.storage.attributeColumns[column] else {
                throw refuse("the store has no column for it")
            }
            self = try compare(stored.expression, as: storage)
        } else if let relationship = columns.relationships.first(where: { $0.name == column }) {
            guard case .ownerColumn(_, let stored)? = columns.storage.relationships[column], !relationship.isToMany
            else {
                throw refuse(
                    "only to-one relationships stored in this entity's table can be filtered; filter the other side on Z_PK instead"
                )
            }
            let digits = filter.value.split(separator: "#").last.map(String.init) ?? filter.value
            guard Int64(digits) != nil else {
                throw refuse(
                    "a relationship takes a target's key, as 3 or \(relationship.destination)#3, got '\(filter.value)'"
                )
            }
            self = try compare(stored.expression, as: .number, value: digits)
        } else {
            throw refuse("its columns are \(columns.titles.joined(separator: ", "))")
        }
    }

    private init(condition: String, arguments: [DatabaseValue]) {
        self.condition = condition
        self.arguments = arguments
    }

    /// How an attribute kind's values are stored and compared; nil for kinds that cannot be filtered.
    private static func storage(_ kind: AppleAttributeKind) -> RowFilter.Storage? {
        switch kind {
        case .string, .uri: .text
        case .integer16, .integer32, .integer64, .double, .float, .decimal: .number
        case .boolean: .bool
        case .date: .date
        case .uuid: .uuid
        case .binary, .transformable, .objectID, .composite, .unknown: nil
        }
    }
}
