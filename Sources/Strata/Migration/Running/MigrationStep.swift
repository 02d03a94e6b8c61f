internal import GRDB

/// One step of a stage's structural change: what it does and the SQL it runs (values bound, shown as `?`).
public struct MigrationStep: Sendable, CustomStringConvertible {
    /// When the step runs within the stage.
    public enum Phase: String, Sendable {
        /// Before `didMigrate`: tables and columns take the new shape.
        case structure
        /// After `didMigrate`: indexes are built (unique ones validate), old copies are dropped.
        case finish
    }

    /// What the step does, such as "rebuild Book (12-step)".
    public let summary: String
    /// When it runs.
    public let phase: Phase
    /// The statements, in order.
    public let statements: [String]
    /// The values bound to each statement's placeholders.
    let arguments: [[DatabaseValue]]
    /// A chunked row copy the step performs after its statements, with progress.
    let copy: RowCopy?

    init(
        _ summary: String, phase: Phase = .structure, statements: [String] = [], arguments: [[DatabaseValue]]? = nil,
        copy: RowCopy? = nil
    ) {
        self.summary = summary
        self.phase = phase
        self.statements = statements
        self.arguments = arguments ?? statements.map { _ in [] }
        self.copy = copy
    }

    /// Every SQL statement of the step, the row copy included.
    public var sql: [String] { statements + (copy.map { [$0.sqlTemplate] } ?? []) }

    /// The summary.
    public var description: String { summary }
}

/// Copies the rows of one table into another in key order, a chunk at a time, so progress can be reported.
struct RowCopy: Sendable {
    /// The table rows come from.
    let source: String
    /// The table rows go to.
    let target: String
    /// The target columns.
    let columns: [String]
    /// The expression over the source row for each column.
    let expressions: [String]
    /// Values bound in the expressions.
    let arguments: [DatabaseValue]

    /// The INSERT ... SELECT with the chunk bounds as its last two placeholders.
    var sqlTemplate: String {
        "INSERT INTO \(quote(target)) (\(columns.map(quote).joined(separator: ", "))) SELECT \(expressions.joined(separator: ", ")) FROM \(quote(source)) WHERE \(quote(StoreLayout.primaryKey)) > ? AND \(quote(StoreLayout.primaryKey)) <= ?"
    }
}
