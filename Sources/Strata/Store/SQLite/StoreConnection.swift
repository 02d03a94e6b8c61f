import Foundation
internal import GRDB

// Safe: GRDB's writer serializes database access; the connection's own mutable state is guarded by `lock`.
/// An open SQLite store: the GRDB writer, its display name, and the schema its tables follow.
final class StoreConnection: StoreAccess, @unchecked Sendable {
    /// Reads and writes the database (a new one after `replaceWithEmptyStore(preparing:)`).
    var writer: any DatabaseWriter { lock.withLock { currentWriter } }
    private var currentWriter: any DatabaseWriter
    private let lock = NSLock()
    /// The store's identifier: its file path, or `memory:NAME`.
    let name: StoreName
    /// The configuration it was opened with.
    let configuration: ModelConfiguration
    /// Whether the writer is one connection (see `open`).
    private let single: Bool

    private init(writer: any DatabaseWriter, identifier: String, configuration: ModelConfiguration, single: Bool) {
        currentWriter = writer
        name = StoreName(identifier)
        self.configuration = configuration
        self.single = single
    }

    /// Opens (creating when missing) the store a configuration names.
    ///
    /// `single` opens one connection (a queue) instead of a pool: migrations use it, because opening a pool
    /// writes to the file (GRDB makes the -wal non-empty), and a stage that fails must leave every byte as it was.
    /// `name` replaces the file's path as the store's identifier in messages (a private copy's migrator names the
    /// user's file).
    static func open(
        _ configuration: ModelConfiguration, single: Bool = false, named name: String? = nil
    ) throws -> StoreConnection {
        let writer = try makeWriter(configuration, single: single)
        let identifier =
            configuration.isStoredInMemoryOnly ? "memory:\(configuration.name)" : name ?? configuration.url.path
        return StoreConnection(writer: writer, identifier: identifier, configuration: configuration, single: single)
    }

    /// The connection settings every store connection uses: foreign keys, a busy timeout, Swift's string order and
    /// `localizedStandardContains` as SQL functions.
    private static var connectionOptions: Configuration {
        var options = Configuration()
        options.foreignKeysEnabled = true
        options.busyMode = .timeout(5)
        options.readonly = false
        options.prepareDatabase { db in
            db.add(collation: swiftOrder)
            db.add(function: localizedContains)
            StatementCount.prepare(db)
        }
        return options
    }

    /// Opens the database a configuration names, creating the file (and its directory) when missing.
    private static func makeWriter(_ configuration: ModelConfiguration, single: Bool) throws -> any DatabaseWriter {
        let options = connectionOptions
        if configuration.isStoredInMemoryOnly {
            return configuration.isNamed
                ? try DatabaseQueue(named: "strata-\(configuration.name)", configuration: options)
                : try DatabaseQueue(configuration: options)
        }
        let path = configuration.url.path
        do {
            try FileManager.default.createDirectory(
                at: configuration.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StrataError.notAStore(
                path: path, reason: "its directory cannot be created (\(error.localizedDescription))")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StrataError.notAStore(path: path, reason: "it is a directory")
        }
        do {
            return single
                ? try DatabaseQueue(path: path, configuration: options)
                : try DatabasePool(path: path, configuration: options)
        } catch {
            throw StrataError.wrap(error, store: path, operation: "opening")
        }
    }

    /// Replaces the store with a new one that `prepare` fills (its tables, metadata and key counters): an in-memory
    /// store is emptied and prepared in place; a file's replacement is made and prepared beside it first, then
    /// takes its place in one atomic rename, so a crash at any moment leaves either the old store, whole, or the new
    /// one, prepared. Nothing else may use the store meanwhile. The store is opened again once, on the new file.
    func replaceWithEmptyStore(preparing prepare: (Database) throws -> Void) throws {
        try lock.withLock {
            guard !configuration.isStoredInMemoryOnly else {
                try currentWriter.erase()
                return try currentWriter.write(prepare)
            }
            let url = configuration.url
            let replacement = url.deletingLastPathComponent().appendingPathComponent(
                ".\(url.lastPathComponent).erasing-\(UUID().uuidString)")
            do {
                let queue = try DatabaseQueue(path: replacement.path, configuration: Self.connectionOptions)
                try queue.write(prepare)
                try queue.close()
            } catch {
                try? FileManager.default.removeItem(at: replacement)
                throw StrataError.wrap(error, store: identifier, operation: "preparing the erased store")
            }
            do {
                try currentWriter.close()
            } catch {
                try? FileManager.default.removeItem(at: replacement)
                throw StrataError.wrap(error, store: identifier, operation: "closing the store to erase it")
            }
            // Closed, the store's -wal is checkpointed into the file: removing the side files loses nothing, and
            // until the rename the old file is whole.
            var failure: (any Error)?
            for suffix in ["-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: url.path + suffix) {
                do { try FileManager.default.removeItem(atPath: url.path + suffix) } catch { failure = error }
            }
            if failure == nil, rename(replacement.path, url.path) != 0 {
                failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if failure != nil { try? FileManager.default.removeItem(at: replacement) }
            currentWriter = try Self.makeWriter(configuration, single: single)
            if let failure { throw StrataError.wrap(failure, store: identifier, operation: "erasing") }
        }
    }

    /// False when the configuration refuses saves.
    var allowsSave: Bool { configuration.allowsSave }

    /// Reads in a snapshot, wrapping SQLite errors with the store's name.
    func read<T>(_ operation: @autoclosure () -> String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.read(body)
        } catch {
            throw StrataError.wrap(error, store: identifier, operation: operation())
        }
    }

    /// Writes in one transaction, wrapping SQLite errors with the store's name.
    func write<T>(_ operation: @autoclosure () -> String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.write(body)
        } catch {
            throw StrataError.wrap(error, store: identifier, operation: operation())
        }
    }
}

/// Orders strings as Swift's `<` does, so SQL sorts agree with in-memory sorts.
let swiftOrder = DatabaseCollation("strata_swift") { lhs, rhs in
    lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
}

/// `strata_localized_contains(a, b)`: Swift's `localizedStandardContains`, so SQL and in-memory predicates agree.
/// A NULL operand gives NULL (a predicate reads it as false).
let localizedContains = DatabaseFunction("strata_localized_contains", argumentCount: 2, pure: true) { values in
    guard let text = String.fromDatabaseValue(values[0]), let other = String.fromDatabaseValue(values[1]) else {
        return nil
    }
    return text.localizedStandardContains(other)
}
