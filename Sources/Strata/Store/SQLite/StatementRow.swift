import Foundation
internal import GRDB
import GRDBSQLite

/// The current row of a statement being stepped through SQLite's C API: columns are read straight from the
/// statement, so reading thousands of rows builds no GRDB `Row` and no array of values per row.
struct StatementRow {
    /// The statement, positioned on a row.
    let handle: SQLiteStatement
    /// A column whose type was read already, and its type: reading a type takes the connection's mutex, and a
    /// column is typed first to find NULL, then again by the reader of its value.
    private var typed: (column: Int, type: CInt) = (-1, 0)

    /// The current row of `handle`.
    init(handle: SQLiteStatement) {
        self.handle = handle
    }

    /// This row with the type of `column` read once, for the readers below to reuse.
    func typing(_ column: Int) -> StatementRow {
        var row = self
        row.typed = (column, sqlite3_column_type(handle, CInt(column)))
        return row
    }

    /// The SQLite type of a column's value.
    private func type(_ column: Int) -> CInt {
        typed.column == column ? typed.type : sqlite3_column_type(handle, CInt(column))
    }

    /// The value of a column (0-based).
    subscript(_ column: Int) -> DatabaseValue { DatabaseValue(sqliteStatement: handle, index: CInt(column)) }

    /// The integer in a column, or nil when it is NULL.
    func int64(_ column: Int) -> Int64? {
        type(column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, CInt(column))
    }

    /// True when a column is NULL.
    func isNull(_ column: Int) -> Bool { type(column) == SQLITE_NULL }

    /// The text in a column, or nil when it holds another type.
    func text(_ column: Int) -> String? {
        guard type(column) == SQLITE_TEXT else { return nil }
        guard let bytes = sqlite3_column_text(handle, CInt(column)) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, CInt(column)))),
            as: UTF8.self)
    }

    /// The integer in a column, or nil when it holds another type.
    func integer(_ column: Int) -> Int64? {
        type(column) == SQLITE_INTEGER ? sqlite3_column_int64(handle, CInt(column)) : nil
    }

    /// The number in a column (an integer read as a double, as GRDB's `Double` reads it), or nil when it holds another type.
    func double(_ column: Int) -> Double? {
        switch type(column) {
        case SQLITE_FLOAT, SQLITE_INTEGER: sqlite3_column_double(handle, CInt(column))
        default: nil
        }
    }

    /// The 16 bytes of a column holding a blob of exactly 16 bytes, or nil otherwise.
    func blob16(_ column: Int) -> uuid_t? {
        guard type(column) == SQLITE_BLOB,
            sqlite3_column_bytes(handle, CInt(column)) == 16,
            let bytes = sqlite3_column_blob(handle, CInt(column))
        else { return nil }
        return bytes.loadUnaligned(as: uuid_t.self)
    }

    /// Steps `statement` (its arguments bound) through every row, calling `body` with each, and resets it.
    static func forEach(_ statement: Statement, _ db: Database, _ body: (StatementRow) throws -> Void) throws {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure(of: statement, db, arguments: statement.arguments) }
            try body(StatementRow(handle: handle))
        }
    }

    /// The `DatabaseError` GRDB would throw for a statement whose step failed.
    static func failure(of statement: Statement, _ db: Database, arguments: StatementArguments) -> DatabaseError {
        let message = db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
        return DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)), message: message,
            sql: statement.sql, arguments: arguments)
    }
}
