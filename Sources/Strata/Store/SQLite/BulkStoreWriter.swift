import Foundation
package import GRDB

/// Writes a new Strata store from rows given in bulk (an Apple store's import, a sample store): its tables and
/// metadata, each entity's rows, each relationship's links where its storage keeps them, and the highest key of each
/// entity, all in one transaction. The one writer of Strata's store format besides a context's save (`SaveWriter`).
package final class BulkStoreWriter {
    /// The schema the store is written at.
    package let schema: Schema
    private let layout: StoreLayout
    private let db: Database
    private var highestKeys: [String: Int64] = [:]

    private init(schema: Schema, db: Database) {
        self.schema = schema
        layout = StoreLayout(schema: schema)
        self.db = db
    }

    /// Creates the store at `url` (refusing an existing file), lets `body` write its rows and links, and commits; on
    /// any error the new file, -wal and -shm are removed and the error is rethrown.
    package static func create(at url: URL, schema: Schema, _ body: (BulkStoreWriter) throws -> Void) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw StrataError.notAStore(path: url.path, reason: "a file is already there; give a new path")
        }
        do {
            let queue = try DatabaseQueue(path: url.path)
            defer { try? queue.close() }
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try queue.inTransaction { db in
                for statement in StoreLayout(schema: schema).createStatements() { try db.execute(sql: statement) }
                try StoreMetadata.write(schema, to: db)
                let writer = BulkStoreWriter(schema: schema, db: db)
                try body(writer)
                try writer.recordHighestKeys()
                return .commit
            }
        } catch {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: url.path + suffix)
            }
            throw error
        }
    }

    /// A prepared insert of `entity`'s rows into the given columns (attributes and to-one relationships by name),
    /// after the primary key.
    package func rows(of entity: String, columns: [String]) throws -> Rows {
        let all = [StoreLayout.primaryKey] + columns
        let statement = try db.makeStatement(
            sql:
                "INSERT INTO \(quote(entity)) (\(all.map(quote).joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: all.count).joined(separator: ", ")))"
        )
        return Rows(writer: self, entity: entity, statement: statement)
    }

    /// True when this side of a relationship writes its links (a to-one's column, the owning side of a join table);
    /// false when its inverse's storage holds them.
    package func writesLinks(of relationship: Schema.Relationship, in entity: Schema.Entity) -> Bool {
        switch layout.storage(of: relationship, in: entity) {
        case .foreignKey, .joinTable(_, .source): true
        case .joinTable(_, .target), .inverseForeignKey: false
        }
    }

    /// Links row `owner` of `entity` to row `target` of the relationship's destination at `position` in its list;
    /// false (nothing written) when the inverse's storage holds the link (`writesLinks` is false).
    @discardableResult
    package func link(
        _ relationship: Schema.Relationship, of entity: Schema.Entity, owner: Int64, target: Int64, position: Int = 0
    ) throws -> Bool {
        switch layout.storage(of: relationship, in: entity) {
        case .foreignKey(let column):
            try db.cachedStatement(
                sql: "UPDATE \(quote(entity.name)) SET \(quote(column)) = ? WHERE \(quote(StoreLayout.primaryKey)) = ?"
            ).execute(arguments: [target, owner])
            return true
        case .joinTable(let table, .source):
            try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO \(quote(table)) (\"source\", \"target\", \"position\") VALUES (?, ?, ?)"
            ).execute(arguments: [owner, target, position])
            return true
        case .joinTable(_, .target), .inverseForeignKey:
            return false
        }
    }

    /// Keeps the highest key written per entity, recorded at commit as a save records the keys it hands out.
    fileprivate func wrote(_ key: Int64, of entity: String) {
        highestKeys[entity] = max(highestKeys[entity] ?? 0, key)
    }

    private func recordHighestKeys() throws {
        for (entity, key) in highestKeys { try KeyAllocator.record(highestKey: key, of: entity, db) }
    }

    /// The prepared insert of one entity's rows.
    package struct Rows {
        fileprivate let writer: BulkStoreWriter
        fileprivate let entity: String
        fileprivate let statement: Statement

        /// Inserts one row: its primary key, then the values of the columns asked for, in their order.
        package func insert(key: Int64, _ values: [DatabaseValue]) throws {
            try statement.execute(arguments: StatementArguments([key.databaseValue] + values))
            writer.wrote(key, of: entity)
        }
    }
}
