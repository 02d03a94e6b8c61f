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

    private var prepared: [Shape: Statement] = [:]

    /// Runs `INSERT INTO "Entity" ("_pk", columns...) VALUES (?, ...)` with `key` then `values`.
    func insert(_ db: Database, _ mapping: EntityMapping, columns: [Int], names: [String], key: Int64, values: [DatabaseValue]) throws {
        let statement = try statement(db, Shape(entity: ObjectIdentifier(mapping), insert: true, columns: columns)) {
            let quoted = ([StoreLayout.primaryKey] + names).map(quote).joined(separator: ", ")
            let placeholders = Array(repeating: "?", count: names.count + 1).joined(separator: ", ")
            return "INSERT INTO \(quote(mapping.name)) (\(quoted)) VALUES (\(placeholders))"
        }
        try Self.run(statement, [key.databaseValue] + values, db: db)
    }

    /// Runs `UPDATE "Entity" SET column = ?, ... WHERE "_pk" = ?` with `values` then `key`.
    func update(_ db: Database, _ mapping: EntityMapping, columns: [Int], names: [String], key: Int64, values: [DatabaseValue]) throws {
        let statement = try statement(db, Shape(entity: ObjectIdentifier(mapping), insert: false, columns: columns)) {
            let assignments = names.map { "\(quote($0)) = ?" }.joined(separator: ", ")
            return "UPDATE \(quote(mapping.name)) SET \(assignments) WHERE \(quote(StoreLayout.primaryKey)) = ?"
        }
        try Self.run(statement, values + [key.databaseValue], db: db)
    }

    private func statement(_ db: Database, _ shape: Shape, sql: () -> String) throws -> Statement {
        if let statement = prepared[shape] { return statement }
        let statement = try db.makeStatement(sql: sql())
        prepared[shape] = statement
        return statement
    }

    /// Binds `values` to the statement's parameters in order, steps it once, and resets it; a failure throws the
    /// `DatabaseError` GRDB would.
    private static func run(_ statement: Statement, _ values: [DatabaseValue], db: Database) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        for (offset, value) in values.enumerated() {
            let index = CInt(offset + 1)
            switch value.storage {
            case .null: sqlite3_bind_null(handle, index)
            case .int64(let number): sqlite3_bind_int64(handle, index, number)
            case .double(let number): sqlite3_bind_double(handle, index, number)
            case .string(let text): sqlite3_bind_text(handle, index, text, -1, transient)
            case .blob(let data):
                data.withUnsafeBytes { bytes in
                    // A zero-length blob still needs a non-null pointer to bind as a blob, not NULL.
                    _ = sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), CInt(bytes.count), transient)
                }
            }
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_reset(handle)
            throw DatabaseError(
                resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)), message: message,
                sql: statement.sql, arguments: StatementArguments(values))
        }
        sqlite3_reset(handle)
    }

    /// SQLite copies the bound bytes (the Swift buffers do not outlive the call).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
