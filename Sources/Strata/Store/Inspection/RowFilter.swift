/// One condition on an entity's rows, as `strata rows --where`, the UI's rows filter and `StoreInspector.rows`
/// take it: `column=value`, `column!=value`, `column~text` (contains, ignoring case), and `<`, `<=`, `>`, `>=`
/// (numbers compare as numbers, dates as dates).
///
/// ```swift
/// let filters = try RowFilter.parseLine(#"author="Jane Austen" year>1800 title~pride"#)
/// let page = try StoreInspector(url: url).rows(entity: "Book", filters: filters)
/// ```
public struct RowFilter: Sendable, Equatable, CustomStringConvertible {
    /// How the column is compared with the value.
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "="
        case notEqual = "!="
        case contains = "~"
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case less = "<"
        case greater = ">"
    }

    /// The column's name.
    public var column: String
    /// The comparison.
    public var comparison: Operator
    /// The value as typed, quotes removed.
    public var value: String

    /// Creates a condition.
    public init(column: String, _ comparison: Operator = .equal, value: String) {
        self.column = column
        self.comparison = comparison
        self.value = value
    }

    /// `author="Jane Austen"`: quoted when the value has a space or a quote, or is empty.
    public var description: String {
        let plain = !value.isEmpty && !value.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" })
        return
            "\(column)\(comparison.rawValue)\(plain ? value : "\"\(value.replacingOccurrences(of: "\"", with: "\\\""))\"")"
    }

    /// The forms a condition takes, for messages.
    public static let accepted =
        "column=value, column!=value, column~text (contains, any case), column<value, <=, >, >= (numbers, dates as 2020-01-31); quote values with spaces or not (author=\"Jane Austen\" or author=Jane Austen)"

    /// One condition, such as one `--where` argument: everything after the operator is the value (surrounding
    /// quotes removed), so `author=Jane Austen` needs no quotes.
    public static func parse(_ text: String) throws -> RowFilter {
        var scanner = RowFilterScanner(text)
        guard let filter = try scanner.condition(untilNextCondition: false), scanner.atEnd else {
            throw RowFilterError.malformed(text)
        }
        return filter
    }

    /// Several conditions separated by spaces, as the UI's `/` line takes them: a value runs, spaces included,
    /// until the next `name<operator>` word (or is quoted). An empty line is no condition.
    public static func parseLine(_ text: String) throws -> [RowFilter] {
        var scanner = RowFilterScanner(text)
        var filters: [RowFilter] = []
        while let filter = try scanner.condition(untilNextCondition: true) { filters.append(filter) }
        return filters
    }
}

/// Why a row filter was refused: the text it could not read, or a column or value it cannot compare.
public enum RowFilterError: Error, Equatable, CustomStringConvertible {
    /// The text is not `column<operator>value`.
    case malformed(String)
    /// The entity has no such column.
    case unknownColumn(entity: String, column: String, columns: [String])
    /// The value cannot be compared with the column that way.
    case invalidValue(entity: String, filter: String, reason: String)

    /// A message naming the column and the accepted forms.
    public var description: String {
        switch self {
        case .malformed(let text):
            "cannot read the filter '\(text)': write \(RowFilter.accepted)"
        case .unknownColumn(let entity, let column, let columns):
            "\(entity) has no column '\(column)'; its columns are \(columns.joined(separator: ", "))"
        case .invalidValue(let entity, let filter, let reason):
            "\(entity): cannot filter on \(filter): \(reason)"
        }
    }
}
