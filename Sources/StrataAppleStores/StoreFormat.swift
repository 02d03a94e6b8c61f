import Foundation
internal import GRDB
import Strata

/// What kind of store a file is: Strata's own, or one written by Apple's SwiftData or Core Data.
public enum StoreFormat: String, Hashable, Sendable, CustomStringConvertible {
    /// A Strata store (`_strata_metadata`): open it with `StoreInspector` or a `ModelContainer`.
    case strata
    /// A SwiftData or Core Data store (`Z_METADATA`, `Z_PRIMARYKEY`): open it with `AppleStore`.
    case apple

    /// "Strata store" or "SwiftData / Core Data store".
    public var description: String {
        switch self {
        case .strata: "Strata store"
        case .apple: "SwiftData / Core Data store"
        }
    }

    /// The format of the store at `url`, read from a private copy of its file, -wal and -shm (the originals are
    /// never opened); throws `AppleStoreError.unrecognizedFormat` for a missing file, a directory, a file that is
    /// not SQLite, and an SQLite file that is neither kind of store.
    public static func detect(at url: URL) throws -> StoreFormat {
        let (format, snapshot) = try detectKeepingCopy(at: url)
        snapshot?.close()
        return format
    }

    /// The format, and the private copy detection had to make (for anything but a Strata store), open, so that
    /// whoever reads the store next need not copy its files again.
    static func detectKeepingCopy(at url: URL) throws -> (StoreFormat, StoreSnapshot?) {
        try StoreSnapshot.checkIsSQLiteFile(url)
        // A Strata store is recognised by its metadata through StoreInspector, which reads without copying when
        // the -wal holds nothing; only other files pay for a private copy.
        if (try? StoreInspector(url: url).metadata()) != nil { return (.strata, nil) }
        let snapshot = try StoreSnapshot(of: url)
        let tables: Set<String>
        do {
            tables = try snapshot.read { db in
                try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            }
        } catch {
            snapshot.close()
            throw error
        }
        if tables.contains("_strata_metadata") { return (.strata, snapshot) }
        if tables.contains("Z_METADATA"), tables.contains("Z_PRIMARYKEY") { return (.apple, snapshot) }
        snapshot.close()
        throw AppleStoreError.unrecognizedFormat(
            path: url.path,
            reason: tables.isEmpty
                ? "it is an SQLite database without tables"
                : "it is an SQLite database without Strata's metadata table (_strata_metadata) or SwiftData's and Core Data's (Z_METADATA, Z_PRIMARYKEY)"
        )
    }
}

/// An open private copy of a store's file, -wal and -shm: reads see the rows the -wal holds, and nothing ever
/// opens, locks or checkpoints the originals.
final class StoreSnapshot: Sendable {
    /// The original store.
    let url: URL
    private let copy: PrivateCopy
    private let queue: DatabaseQueue

    /// Copies the store and opens the copy.
    init(of url: URL) throws {
        self.url = url
        do {
            copy = try PrivateCopy(of: url)
        } catch {
            throw AppleStoreError.unrecognizedFormat(path: url.path, reason: "it cannot be copied (\(error))")
        }
        do {
            queue = try DatabaseQueue(path: copy.url.path)
        } catch {
            copy.remove()
            throw AppleStoreError.unreadable(path: url.path, message: Self.message(of: error))
        }
    }

    /// Runs `body` in a read-only transaction on the copy; SQLite errors become `AppleStoreError.unreadable`.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch let error as AppleStoreError {
            throw error
        } catch {
            throw AppleStoreError.unreadable(path: url.path, message: Self.message(of: error))
        }
    }

    /// Closes the copy and deletes it.
    func close() {
        try? queue.close()
        copy.remove()
    }

    deinit { close() }

    /// Refuses a missing path, a directory, and a file that does not start with SQLite's header.
    static func checkIsSQLiteFile(_ url: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw AppleStoreError.unrecognizedFormat(path: url.path, reason: "the file does not exist")
        }
        guard !isDirectory.boolValue else {
            throw AppleStoreError.unrecognizedFormat(path: url.path, reason: "it is a directory")
        }
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw AppleStoreError.unrecognizedFormat(path: url.path, reason: "it cannot be opened for reading")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        guard header == Data("SQLite format 3\0".utf8) else {
            throw AppleStoreError.unrecognizedFormat(
                path: url.path,
                reason: header.isEmpty ? "the file is empty" : "it is not an SQLite database (no SQLite header)")
        }
    }

    private static func message(of error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? error.description }
        return "\(error)"
    }
}
