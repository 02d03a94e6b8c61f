import Foundation
import GRDB
import GRDBSQLite

/// The INSERT and UPDATE statements of one save, prepared once per entity and column set, and run with their
/// values bound through SQLite's C API: a save of thousands of rows neither rebuilds SQL text nor converts its
/// values through GRDB's generic arguments for each row.
final class RowStatements {
    /// An entity's table and the columns (positions in its mapping) a statement writes.
    private struct Shape: Hashable {
        let entity: ObjectIdentifier
        let insert: Bool
        let columns: [Int]
    }

    @exclusivity(unchecked) private var prepared: [Shape: Statement] = [:]
    /// The statement used last: a save of many objects of one entity writes the same columns row after row.
    @exclusivity(unchecked) private var last: (shape: Shape, statement: Statement)?

    /// The last set of changed attributes asked for and its positions: a save changes the same attributes of many rows.
    @exclusivity(unchecked) private var lastPositions: (set: AttributeSet, positions: [Int])?

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
        let statement = try statement(db, Shape(entity: ObjectIdentifier(mapping), insert: true, columns: columns)) {
            let quoted = ([StoreLayout.primaryKey] + Self.names(columns, of: mapping)).map(quote).joined(
                separator: ", ")
            let placeholders = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
            return "INSERT INTO \(quote(mapping.name)) (\(quoted)) VALUES (\(placeholders))"
        }
        try Self.run(statement, columns, value, key: key, keyFirst: true, db: db)
    }

    /// Runs `UPDATE "Entity" SET column = ?, ... WHERE "_pk" = ?` with each column's `value` then `key`.
    func update(
        _ db: Database, _ mapping: EntityMapping, columns: [Int], key: Int64, value: (Int) throws -> DatabaseValue
    ) throws {
        let statement = try statement(db, Shape(entity: ObjectIdentifier(mapping), insert: false, columns: columns)) {
            let assignments = Self.names(columns, of: mapping).map { "\(quote($0)) = ?" }.joined(separator: ", ")
            return "UPDATE \(quote(mapping.name)) SET \(assignments) WHERE \(quote(StoreLayout.primaryKey)) = ?"
        }
        try Self.run(statement, columns, value, key: key, keyFirst: false, db: db)
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
    private static func run(
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

    /// Binds one value; text and blobs are bound by pointer and length (no C string is made, and an empty one
    /// still binds as empty, not NULL).
    private static func bind(_ value: DatabaseValue, to handle: SQLiteStatement, at index: CInt) {
        switch value.storage {
        case .null: sqlite3_bind_null(handle, index)
        case .int64(let number): sqlite3_bind_int64(handle, index, number)
        case .double(let number): sqlite3_bind_double(handle, index, number)
        case .string(var text):
            text.withUTF8 { utf8 in
                let pointer = UnsafeRawPointer(utf8.baseAddress ?? StaticString("").utf8Start).assumingMemoryBound(
                    to: CChar.self)
                _ = sqlite3_bind_text(handle, index, pointer, CInt(utf8.count), transient)
            }
        case .blob(let data):
            data.withUnsafeBytes { bytes in
                _ = sqlite3_bind_blob(
                    handle, index, bytes.baseAddress ?? UnsafeRawPointer(StaticString("").utf8Start), CInt(bytes.count),
                    transient)
            }
        }
    }

    /// SQLite copies the bound bytes (the Swift buffers do not outlive the call).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
