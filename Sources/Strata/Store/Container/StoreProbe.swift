import Foundation
internal import GRDB

/// Reads a store file without writing any of its three files (the database, -wal and -shm).
///
/// Opening a WAL database normally creates or changes -wal and -shm (and GRDB's pool writes to make the -wal
/// non-empty), so refusals decided after a normal open would not leave the store byte-identical. Without a
/// -wal holding data, the probe opens the file as `immutable` (no locks, no side files); with one, it reads a
/// private copy of all three files.
enum StoreProbe {
    /// What a probe finds at a path.
    enum Finding {
        /// No file: a new store will be created.
        case missing
        /// A SQLite file without tables.
        case empty
        /// A Strata store with its metadata.
        case store(StoreMetadata)
    }

    /// Reads the metadata of the file at `url`; throws `notAStore` for anything that is not an empty SQLite
    /// file or a Strata store. Errors name `name` (`url`'s path by default): the user's file when `url` is a
    /// private copy of it.
    static func inspect(_ url: URL, named name: String? = nil) throws -> Finding {
        let name = name ?? url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .missing }
        if isDirectory.boolValue { throw StrataError.notAStore(path: name, reason: "it is a directory") }
        return try read(url, named: name) { db in
            if let metadata = try StoreMetadata.read(db) { return .store(metadata) }
            let tables =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
            guard tables == 0 else {
                throw StrataError.notAStore(
                    path: name,
                    reason:
                        "it is an SQLite database without Strata's metadata table (\(StoreLayout.metadataTable)); Strata does not adopt foreign tables"
                )
            }
            return .empty
        }
    }

    /// Runs `body` on an ordinary read-only connection, which sees the -wal without copying it (and may write
    /// the -shm): for files the caller owns.
    static func readInPlace<T>(_ url: URL, _ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        return try reading(url.path) { try DatabaseQueue(path: url.path, configuration: configuration).read(body) }
    }

    /// Runs `body` on a read-only view of the store that writes nothing to it; SQLite's errors name `name` (`url`'s
    /// path by default).
    static func read<T>(_ url: URL, named name: String? = nil, _ body: (Database) throws -> T) throws -> T {
        let wal = url.path + "-wal"
        let walSize = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        return try reading(name ?? url.path) {
            if walSize > 0 {
                let copy = try PrivateCopy(of: url)
                defer { copy.remove() }
                return try DatabaseQueue(path: copy.url.path).read(body)
            }
            var configuration = Configuration()
            configuration.readonly = true
            let encoded =
                url.path.addingPercentEncoding(
                    withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))) ?? url.path
            return try DatabaseQueue(path: "file:\(encoded)?mode=ro&immutable=1", configuration: configuration).read(
                body)
        }
    }

    /// Runs a read, passing Strata's own errors through and wrapping SQLite's with the store's name.
    private static func reading<T>(_ name: String, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as StrataError {
            throw error
        } catch let error as MigrationError {
            throw error
        } catch {
            throw StrataError.wrap(error, store: name, operation: "reading")
        }
    }
}
