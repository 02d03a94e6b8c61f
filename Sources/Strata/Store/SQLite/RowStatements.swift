import Foundation
internal import GRDB
import GRDBSQLite

/// The INSERT, UPDATE and unique-value lookup statements of one save, prepared once per entity and column set, and
/// run with their values bound through SQLite's C API: a save of thousands of rows neither rebuilds SQL text nor
/// converts its values through GRDB's generic arguments for each row.
final class RowStatements {
    /// An entity's table, what a statement does, and the columns (positions in its mapping) it writes or matches.
    private struct Shape: Hashable {
        enum Kind { case insert, update, lookup }
        let entity: ObjectIdentifier
        let kind: Kind
        let columns: [Int]
    }

    @exclusivity(unchecked) private var prepared: [Shape: Statement] = [:]
    /// The statement used last: a save of many objects of one entity writes the same columns row after row.
    @exclusivity(unchecked) private var last: (shape: Shape, statement: Statement)?

    /// The last set of changed attributes asked for and its positions: a save changes the same attributes of many rows.
    @exclusivity(unchecked) private var lastPositions: (set: AttributeSet, positions: [Int])?
    /// Where the text and blob values of the row being written are copied for SQLite to read in place.
    private let buffers = ParameterBuffers()

    /// The positions of a set of changed attributes, ascending (remembered for the last set asked for).
    func positions(of set: AttributeSet) -> [Int] {
        if let lastPositions, lastPositions.set == set { return lastPositions.positions }
        let positions = set.positions
        lastPositions = (set, positions)
        return positions
    }

    /// Runs `INSERT INTO "Entity" ("_pk", columns...) VALUES (?, ...)` with `key` then each column's `value`;
    /// `columns` are positions in the mapping: attributes, then relationships.
    func insert(
        _ db: Database, _ mapping: EntityMapping, columns: [Int], key: Int64, value: (Int) throws -> DatabaseValue
    ) throws {
        let statement = try statement(db, Shape(entity: ObjectIdentifier(mapping), kind: .insert, columns: columns)) {
            let quoted = ([StoreLayout.primaryKey] + Self.names(columns, of: mapping)).map(quote).joined(
                separator: ", ")
            let placeholders = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
            return "INSERT INTO \(quote(mapping.name)) (\(quoted)) VALUES (\(placeholders))"
        }
        try run(statement, columns, value, key: key, keyFirst: true, db: db)
    }

    /// Runs `UPDATE "Entity" SET column = ?, ... WHERE "_pk" = ?` with each column's `value` then `key`.
    func update(
        _ db: Database, _ mapping: EntityMapping, columns: [Int], key: Int64, value: (Int) throws -> DatabaseValue
    ) throws {
        let statement = try statement(db, Shape(entity: ObjectIdentifier(mapping), kind: .update, columns: columns)) {
            let assignments = Self.names(columns, of: mapping).map { "\(quote($0)) = ?" }.joined(separator: ", ")
            return "UPDATE \(quote(mapping.name)) SET \(assignments) WHERE \(quote(StoreLayout.primaryKey)) = ?"
        }
        try run(statement, columns, value, key: key, keyFirst: false, db: db)
    }

    /// The key of the row whose attributes at `columns` (positions in the mapping) hold `values`, compared with
    /// SQLite's `=` as the unique index compares them; nil when there is none. (Run through a statement of this
    /// save, not GRDB's generic arguments and fetch: a save of many new objects with a unique attribute asks once
    /// per object, and that path cost more than the INSERT itself.)
    func existingKey(_ db: Database, _ mapping: EntityMapping, columns: [Int], values: [DatabaseValue]) throws -> Int64?
    {
        let statement = try statement(db, Shape(entity: ObjectIdentifier(mapping), kind: .lookup, columns: columns)) {
            let condition = Self.names(columns, of: mapping).map { "\(quote($0)) = ?" }.joined(separator: " AND ")
            return "SELECT \(quote(StoreLayout.primaryKey)) FROM \(quote(mapping.name)) WHERE \(condition)"
        }
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        for (offset, value) in values.enumerated() { bind(value, to: handle, at: CInt(offset + 1)) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return sqlite3_column_int64(handle, 0)
        case SQLITE_DONE: return nil
        default: throw StatementRow.failure(of: statement, db, arguments: StatementArguments(values))
        }
    }

    /// The column names of positions in a mapping (attributes, then relationships).
    private static func names(_ columns: [Int], of mapping: EntityMapping) -> [String] {
        columns.map {
            $0 < mapping.attributes.count
                ? mapping.attributes[$0].name : mapping.relationships[$0 - mapping.attributes.count].name
        }
    }

    private func statement(_ db: Database, _ shape: Shape, sql: () -> String) throws -> Statement {
        if let last, last.shape == shape { return last.statement }
        let statement = try prepared[shape] ?? db.makeStatement(sql: sql())
        prepared[shape] = statement
        last = (shape, statement)
        return statement
    }

    /// Binds the key and each column's value to the statement's parameters (the key first or last), steps it once,
    /// and resets it; a failure throws the `DatabaseError` GRDB would.
    private func run(
        _ statement: Statement, _ columns: [Int], _ value: (Int) throws -> DatabaseValue, key: Int64, keyFirst: Bool,
        db: Database
    ) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        let first: CInt = keyFirst ? 2 : 1
        sqlite3_bind_int64(handle, keyFirst ? 1 : CInt(columns.count + 1), key)
        for (offset, column) in columns.enumerated() {
            bind(try value(column), to: handle, at: first + CInt(offset))
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let values = try columns.map(value)
            let arguments = keyFirst ? [key.databaseValue] + values : values + [key.databaseValue]
            let error = StatementRow.failure(of: statement, db, arguments: StatementArguments(arguments))
            sqlite3_reset(handle)
            throw error
        }
        sqlite3_reset(handle)
    }

    /// Binds one value. Text and blobs are copied into the parameter's buffer and bound by pointer and length
    /// (`SQLITE_STATIC`): SQLite then neither allocates a copy of its own nor frees it at the next bind, which
    /// was most of a bind's cost. Every parameter is bound again before each step, so a buffer that moves or is
    /// reused by another statement is never read stale. An empty value still binds as empty, not NULL.
    private func bind(_ value: DatabaseValue, to handle: SQLiteStatement, at index: CInt) {
        switch value.storage {
        case .null: sqlite3_bind_null(handle, index)
        case .int64(let number): sqlite3_bind_int64(handle, index, number)
        case .double(let number): sqlite3_bind_double(handle, index, number)
        case .string(var text):
            text.withUTF8 { utf8 in
                let (pointer, destructor) = place(UnsafeRawBufferPointer(utf8), for: index)
                _ = sqlite3_bind_text(
                    handle, index, pointer.assumingMemoryBound(to: CChar.self), CInt(utf8.count), destructor)
            }
        case .blob(let data):
            data.withUnsafeBytes { bytes in
                let (pointer, destructor) = place(bytes, for: index)
                _ = sqlite3_bind_blob(handle, index, pointer, CInt(bytes.count), destructor)
            }
        }
    }

    /// Where SQLite reads a bound value from: the parameter's buffer, or the caller's bytes for SQLite to copy
    /// when no buffer could be had (SQLite then reports the lack of memory itself).
    private func place(_ bytes: UnsafeRawBufferPointer, for index: CInt) -> (UnsafeRawPointer, sqlite3_destructor_type?)
    {
        // No destructor (`SQLITE_STATIC`): SQLite reads the bytes where they are until the parameter is bound again.
        if let copy = buffers.copy(bytes, for: Int(index)) { return (copy, nil) }
        return (bytes.baseAddress ?? UnsafeRawPointer(StaticString("").utf8Start), Self.transient)
    }

    /// SQLite copies the bound bytes (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
