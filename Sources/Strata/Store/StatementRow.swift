import Foundation
import GRDB
import GRDBSQLite

/// The current row of a statement being stepped through SQLite's C API: columns are read straight from the
/// statement, so reading thousands of rows builds no GRDB `Row` and no array of values per row.
struct StatementRow {
    /// The statement, positioned on a row.
    let handle: SQLiteStatement

    /// The value of a column (0-based).
    subscript(_ column: Int) -> DatabaseValue { DatabaseValue(sqliteStatement: handle, index: CInt(column)) }

    /// The integer in a column, or nil when it is NULL.
    func int64(_ column: Int) -> Int64? {
        sqlite3_column_type(handle, CInt(column)) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, CInt(column))
    }

    /// True when a column is NULL.
    func isNull(_ column: Int) -> Bool { sqlite3_column_type(handle, CInt(column)) == SQLITE_NULL }

    /// The text in a column, or nil when it holds another type.
    func text(_ column: Int) -> String? {
        guard sqlite3_column_type(handle, CInt(column)) == SQLITE_TEXT else { return nil }
        guard let bytes = sqlite3_column_text(handle, CInt(column)) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, CInt(column)))),
            as: UTF8.self)
    }

    /// The integer in a column, or nil when it holds another type.
    func integer(_ column: Int) -> Int64? {
        sqlite3_column_type(handle, CInt(column)) == SQLITE_INTEGER ? sqlite3_column_int64(handle, CInt(column)) : nil
    }

    /// The number in a column (an integer read as a double, as GRDB's `Double` reads it), or nil when it holds another type.
    func double(_ column: Int) -> Double? {
        switch sqlite3_column_type(handle, CInt(column)) {
        case SQLITE_FLOAT, SQLITE_INTEGER: sqlite3_column_double(handle, CInt(column))
        default: nil
        }
    }

    /// The 16 bytes of a column holding a blob of exactly 16 bytes, or nil otherwise.
    func blob16(_ column: Int) -> uuid_t? {
        guard sqlite3_column_type(handle, CInt(column)) == SQLITE_BLOB,
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
