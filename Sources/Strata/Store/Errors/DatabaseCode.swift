/// The kind of SQLite failure behind a ``StrataError``, for a caller to switch on: SQLite's primary result code,
/// named for the failures a store meets. Strata's own type (as GRDB's `ResultCode`), so GRDB stays out of the API.
public struct DatabaseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// SQLite's primary result code (an extended code is reduced to its primary one).
    public let rawValue: Int32

    /// The code for a SQLite result code, primary or extended.
    public init(rawValue: Int32) { self.rawValue = rawValue & 0xFF }

    /// A generic SQL error or missing database (`SQLITE_ERROR`).
    public static let error = DatabaseCode(rawValue: 1)
    /// Another connection or process holds a lock the operation needs (`SQLITE_BUSY`).
    public static let busy = DatabaseCode(rawValue: 5)
    /// A table is locked by another use of the same connection (`SQLITE_LOCKED`).
    public static let locked = DatabaseCode(rawValue: 6)
    /// The store, its directory or its filesystem cannot be written (`SQLITE_READONLY`).
    public static let readOnly = DatabaseCode(rawValue: 8)
    /// The disk failed to read or write (`SQLITE_IOERR`).
    public static let ioError = DatabaseCode(rawValue: 10)
    /// The file's pages are damaged (`SQLITE_CORRUPT`).
    public static let corrupt = DatabaseCode(rawValue: 11)
    /// The disk is full (`SQLITE_FULL`).
    public static let full = DatabaseCode(rawValue: 13)
    /// The file cannot be opened (`SQLITE_CANTOPEN`).
    public static let cannotOpen = DatabaseCode(rawValue: 14)
    /// A constraint (unique, foreign key, not null) refused a write (`SQLITE_CONSTRAINT`).
    public static let constraint = DatabaseCode(rawValue: 19)
    /// The file is not an SQLite database (`SQLITE_NOTADB`).
    public static let notADatabase = DatabaseCode(rawValue: 26)

    /// The name of the code as SQLite spells it (`SQLITE_BUSY`), or its number.
    public var description: String {
        let names: [Int32: String] = [
            1: "SQLITE_ERROR", 5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 8: "SQLITE_READONLY", 10: "SQLITE_IOERR",
            11: "SQLITE_CORRUPT", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 19: "SQLITE_CONSTRAINT",
            26: "SQLITE_NOTADB",
        ]
        return names[rawValue] ?? "SQLite result code \(rawValue)"
    }
}
