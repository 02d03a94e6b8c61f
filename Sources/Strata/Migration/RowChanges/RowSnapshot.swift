import Foundation
internal import GRDB

/// A file holding tables of a store as they were before a stage: the store's file copied whole, or only the tables a
/// stage can change copied into a fresh file when they hold a small part of the store. Removed with ``remove()``.
struct RowSnapshot: Equatable {
    /// The snapshot's file.
    let url: URL
    /// The temporary directory holding it.
    private let directory: URL

    /// Below this share of the store's pages, the tables are copied one by one (SQLite copies a table's records
    /// about fifteen times slower than the file system copies its pages).
    static let tableCopyShare = 1.0 / 16

    /// The store's file (after its -wal was checkpointed into it) copied byte for byte.
    static func wholeFile(of store: URL) throws -> RowSnapshot {
        let copy = try PrivateCopy(of: store)
        return RowSnapshot(url: copy.url, directory: copy.url.deletingLastPathComponent())
    }

    /// The tables `tables` (with their indexes) of the database attached to `db` as `schema`, attached as
    /// `attachedAs`; nil when they hold too large a share of the store (or its size cannot be read), so that copying
    /// the whole file is cheaper. `db` must not enforce foreign keys (the tables' parents are not copied).
    static func tables(
        _ tables: [String], of schema: String, attachedAs: String, _ db: Database
    ) throws -> RowSnapshot? {
        let names = databaseQuestionMarks(count: tables.count)
        let objects = "SELECT name FROM \(quote(schema)).sqlite_master WHERE tbl_name IN (\(names))"
        // dbstat is an optional part of SQLite: without it, the share is unknown and the whole file is copied.
        guard
            let bytes = try? Double.fetchOne(
                db, sql: "SELECT coalesce(sum(pgsize), 0) FROM dbstat(?, 1) WHERE name IN (\(objects))",
                arguments: StatementArguments([schema] + tables)),
            let pages = try Double.fetchOne(db, sql: "PRAGMA \(quote(schema)).page_count"),
            let pageSize = try Double.fetchOne(db, sql: "PRAGMA \(quote(schema)).page_size"),
            bytes < pages * pageSize * tableCopyShare
        else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let snapshot = RowSnapshot(url: directory.appendingPathComponent("snapshot.store"), directory: directory)
        do {
            let definitions = try String.fetchAll(
                db,
                sql: """
                    SELECT sql FROM \(quote(schema)).sqlite_master
                    WHERE tbl_name IN (\(names)) AND type IN ('table', 'index') AND sql IS NOT NULL
                    ORDER BY type = 'index'
                    """, arguments: StatementArguments(tables))
            let file = try DatabaseQueue(path: snapshot.url.path)
            try file.writeWithoutTransaction { target in
                for definition in definitions { try target.execute(sql: definition) }
            }
            try file.close()
            try db.execute(sql: "ATTACH DATABASE ? AS \(quote(attachedAs))", arguments: [snapshot.url.path])
            try db.execute(sql: "PRAGMA \(quote(attachedAs)).journal_mode = OFF")
            try db.execute(sql: "PRAGMA \(quote(attachedAs)).synchronous = OFF")
            // The same definitions in an empty file: SQLite copies the records as they are, indexes included.
            for table in tables {
                try db.execute(
                    sql:
                        "INSERT INTO \(quote(attachedAs)).\(quote(table)) SELECT * FROM \(quote(schema)).\(quote(table))"
                )
            }
        } catch {
            try? db.execute(sql: "DETACH DATABASE \(quote(attachedAs))")
            snapshot.remove()
            throw error
        }
        return snapshot
    }

    /// Deletes the snapshot.
    func remove() { try? FileManager.default.removeItem(at: directory) }
}
