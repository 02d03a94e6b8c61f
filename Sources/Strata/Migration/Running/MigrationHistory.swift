import Foundation
package import GRDB

/// The `_strata_history` table: one row per applied stage.
public struct MigrationHistory: Sendable, Codable {
    /// The version before the stage ("" for unversioned).
    public let fromVersion: String
    /// The version after the stage.
    public let toVersion: String
    /// lightweight, custom or inferred.
    public let kind: String
    /// When the stage committed.
    public let appliedAt: Date
    /// Rows copied by rebuilds and saved by `didMigrate`.
    public let rows: Int

    static let createStatement = """
        CREATE TABLE IF NOT EXISTS \(quote(StoreLayout.historyTable)) (id INTEGER PRIMARY KEY, from_version TEXT NOT NULL, \
        to_version TEXT NOT NULL, kind TEXT NOT NULL, applied_at REAL NOT NULL, rows INTEGER NOT NULL, \
        from_fingerprint TEXT NOT NULL, to_fingerprint TEXT NOT NULL)
        """

    /// Appends a row for a committed stage.
    static func record(_ stage: PlannedStage, rows: Int, db: Database) throws {
        try db.execute(sql: createStatement)
        try db.execute(
            sql:
                "INSERT INTO \(quote(StoreLayout.historyTable)) (from_version, to_version, kind, applied_at, rows, from_fingerprint, to_fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                stage.from.version?.description ?? "", stage.to.version?.description ?? "", stage.kind.rawValue,
                Date().timeIntervalSinceReferenceDate, rows, stage.from.fingerprint, stage.to.fingerprint,
            ])
    }

    /// The applied stages of a store, oldest first (empty for a store that never migrated).
    package static func read(_ db: Database) throws -> [MigrationHistory] {
        guard try db.tableExists(StoreLayout.historyTable) else { return [] }
        return try Row.fetchAll(
            db,
            sql:
                "SELECT from_version, to_version, kind, applied_at, rows FROM \(quote(StoreLayout.historyTable)) ORDER BY id"
        ).map { row in
            MigrationHistory(
                fromVersion: row[0], toVersion: row[1], kind: row[2],
                appliedAt: Date(timeIntervalSinceReferenceDate: row[3]), rows: row[4])
        }
    }
}
