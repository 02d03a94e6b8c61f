internal import GRDB
import StrataText

/// A fact about the stored data that decides what a change does to it: values it drops, rows it leaves
/// without a value, duplicate groups that block a unique constraint, values that do not convert.
public struct DataFinding: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What was counted.
    public enum Kind: String, Hashable, Sendable, Codable {
        case rowsDropped, valuesDropped, linksDropped, rowsLackingValue, duplicateGroups, failedConversions
    }

    /// What was counted.
    public let kind: Kind
    /// The entity.
    public let entity: String
    /// The property, when the finding is about one.
    public let property: String?
    /// How many rows, values, links or groups.
    public let count: Int
    /// A few keys (primary keys, or duplicated values) to look at.
    public let samples: [String]

    /// "Book.isbn: 3 groups of duplicate values (e.g. 978-0 x2, 978-1 x2)".
    public var description: String { "\(subject): \(summary(grouped: false))" }

    /// What the finding is about: "Book.isbn", or "Address" for whole rows.
    package var subject: String { property.map { "\(entity).\($0)" } ?? entity }

    /// The finding without its subject, "1 row dropped (e.g. Address/1)", its count's thousands grouped when
    /// `grouped` ("1,204 rows dropped", as the terminal UI shows counts).
    package func summary(grouped: Bool) -> String {
        let (one, many) =
            switch kind {
            case .rowsDropped: ("row dropped", "rows dropped")
            case .valuesDropped: ("non-nil value dropped", "non-nil values dropped")
            case .linksDropped: ("link dropped", "links dropped")
            case .rowsLackingValue: ("row without a value", "rows without a value")
            case .duplicateGroups: ("group of duplicate values", "groups of duplicate values")
            case .failedConversions: ("value that does not convert", "values that do not convert")
            }
        let sample = samples.isEmpty ? "" : " (e.g. \(samples.joined(separator: ", ")))"
        return CountText.plural(count, one, many, grouped: grouped) + sample
    }

    /// True for data a change removes (rows, values, links), as opposed to data it lacks or rejects.
    public var isLoss: Bool { kind == .rowsDropped || kind == .valuesDropped || kind == .linksDropped }

    /// How many samples findings carry.
    static let sampleLimit = 5

    /// The SQL condition (and its bound JSON paths) of the stored values of a Codable attribute the new shape does not
    /// decode: a required field missing, a field made required that is null, a field retyped that holds a value, a
    /// removed case stored (every value, for an array); nil when the shape change breaks no stored value.
    static func undecodable(from: ValueType, to: ValueType, column: String) -> (String, [String])? {
        guard let breaking = from.shapeDifferences(to: to)?.filter(\.breaksStoredValues), !breaking.isEmpty else {
            return nil
        }
        if case .codable(_, .array?) = to { return ("\(column) IS NOT NULL", []) }
        var conditions: [String] = []
        var paths: [String] = []
        for difference in breaking {
            paths.append("$" + difference.path.split(separator: ".").map { ".\"\($0)\"" }.joined())
            switch difference {
            case .added: conditions.append("json_type(\(column), ?) IS NULL")
            case .optionalityChanged: conditions.append("IFNULL(json_type(\(column), ?), 'null') = 'null'")
            case .retyped, .caseRemoved: conditions.append("json_type(\(column), ?) IS NOT NULL")
            case .removed, .caseAdded: paths.removeLast()
            }
        }
        return ("\(column) IS NOT NULL AND json_valid(\(column)) AND (\(conditions.joined(separator: " OR ")))", paths)
    }

    /// The findings of a diff against a database at the diff's source schema; only non-zero counts.
    static func compute(_ diff: SchemaDiff, in db: Database) throws -> [DataFinding] {
        let layout = StoreLayout(schema: diff.from)
        var findings: [DataFinding] = []
        // Every row when `condition` is nil: SQLite counts a table without WHERE without decoding its rows. Each
        // count is made once: several attributes added to one entity ask for the same one.
        var counted: [String: (Int, [String])] = [:]
        func keys(_ entity: String, _ condition: String?, _ arguments: [String] = []) throws -> (Int, [String]) {
            let memo = ([entity, condition ?? ""] + arguments).joined(separator: "\u{0}")
            if let known = counted[memo] { return known }
            let result = try uncountedKeys(entity, condition, StatementArguments(arguments))
            counted[memo] = result
            return result
        }
        // An entity's rows are read from its table before the change: under its old name when it was renamed.
        func uncountedKeys(_ entity: String, _ condition: String?, _ arguments: StatementArguments) throws -> (
            Int, [String]
        ) {
            let table = quote(diff.sourceTable(of: entity))
            let filter = condition.map { " WHERE \($0)" } ?? ""
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)\(filter)", arguments: arguments) ?? 0
            guard count > 0 else { return (0, []) }
            let samples = try Int64.fetchAll(
                db,
                sql: "SELECT \(quote(StoreLayout.primaryKey)) FROM \(table)\(filter) ORDER BY 1 LIMIT \(sampleLimit)",
                arguments: arguments)
            return (count, samples.map { "\(entity)/\($0)" })
        }
        func add(_ kind: Kind, _ entity: String, _ property: String?, _ result: (Int, [String])) {
            if result.0 > 0 {
                findings.append(
                    DataFinding(kind: kind, entity: entity, property: property, count: result.0, samples: result.1))
            }
        }
        for change in diff.changes {
            let entity = change.entity
            switch change {
            case .entityRemoved:
                add(.rowsDropped, entity, nil, try keys(entity, nil))
            case .attributeRemoved(_, let attribute):
                add(.valuesDropped, entity, attribute.name, try keys(entity, "\(quote(attribute.name)) IS NOT NULL"))
            case .attributeAdded(_, let attribute) where !attribute.isOptional && attribute.defaultValue == nil:
                add(.rowsLackingValue, entity, attribute.name, try keys(entity, nil))
            case .attributeOptionalityChanged(_, let attribute, false) where attribute.defaultValue == nil:
                let column =
                    diff.sourceEntity(named: entity).flatMap { SchemaDiff.source(of: attribute, in: $0) }?.name
                    ?? attribute.name
                add(.rowsLackingValue, entity, attribute.name, try keys(entity, "\(quote(column)) IS NULL"))
            case .uniqueAdded(_, let name):
                try findings += [
                    duplicateGroups(
                        entity, table: diff.sourceTable(of: entity), diff.sourceColumns(of: [name], in: entity), in: db)
                ].compactMap { $0 }
            case .uniquenessAdded(_, let names):
                try findings += [
                    duplicateGroups(
                        entity, table: diff.sourceTable(of: entity), diff.sourceColumns(of: names, in: entity), in: db)
                ].compactMap { $0 }
            case .attributeTypeChanged(_, let name, let from, let to) where from.sqlType != to.sqlType:
                let column = quote(name)
                let roundTrip = "CAST(CAST(\(column) AS \(to.sqlType)) AS \(from.sqlType)) IS NOT \(column)"
                add(.failedConversions, entity, name, try keys(entity, "\(column) IS NOT NULL AND \(roundTrip)"))
            case .attributeTypeChanged(_, let name, let from, let to):
                // A Codable value whose shape changed: the stored JSON values the new shape does not decode.
                guard let (condition, arguments) = undecodable(from: from, to: to, column: quote(name)) else {
                    continue
                }
                add(.failedConversions, entity, name, try keys(entity, condition, arguments))
            case .relationshipRemoved(_, let relationship):
                guard let old = diff.sourceEntity(named: entity) else { continue }
                switch layout.storage(of: relationship, in: old) {
                case .foreignKey(let column):
                    add(.linksDropped, entity, relationship.name, try keys(entity, "\(quote(column)) IS NOT NULL"))
                case .joinTable(let table, let side):
                    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quote(table))") ?? 0
                    let samples = try Int64.fetchAll(
                        db,
                        sql:
                            "SELECT DISTINCT \(quote(side.ownerColumn)) FROM \(quote(table)) ORDER BY 1 LIMIT \(sampleLimit)"
                    )
                    add(.linksDropped, entity, relationship.name, (count, samples.map { "\(entity)/\($0)" }))
                case .inverseForeignKey:
                    continue
                }
            default:
                continue
            }
        }
        return findings
    }
}
