internal import GRDB

/// Hands out primary keys for new rows that are never reused, even after the rows with the highest keys are
/// deleted, so a `PersistentIdentifier` kept by a user can never come to denote another row.
///
/// The highest key handed out so far is kept per entity in the metadata table, under `lastKey.ENTITY`.
struct KeyAllocator {
    private var next: [String: Int64] = [:]

    /// The metadata key that records an entity's highest key.
    static func metadataKey(_ entity: String) -> String { "lastKey.\(entity)" }

    /// The next free key of an entity: above both the table's largest key and the largest ever handed out.
    mutating func key(for entity: String, _ db: Database) throws -> Int64 {
        if next[entity] == nil { next[entity] = try Self.highestKey(of: entity, db) + 1 }
        let key = next[entity] ?? 1
        next[entity] = key + 1
        return key
    }

    /// Records the highest key handed out for each entity, inside the save's transaction.
    func record(_ db: Database) throws {
        for (entity, next) in next { try Self.record(highestKey: next - 1, of: entity, db) }
    }

    /// The highest key an entity has used: its table's largest, or a larger one recorded as handed out.
    static func highestKey(of entity: String, _ db: Database) throws -> Int64 {
        let largestRow =
            try Int64.fetchOne(
                db, sql: "SELECT IFNULL(MAX(\(quote(StoreLayout.primaryKey))), 0) FROM \(quote(entity))") ?? 0
        let recorded =
            try String.fetchOne(
                db, sql: "SELECT value FROM \(quote(StoreLayout.metadataTable)) WHERE key = ?",
                arguments: [metadataKey(entity)]
            ).flatMap { Int64($0) } ?? 0
        return max(largestRow, recorded)
    }

    /// Records `highestKey` as the highest key handed out for an entity.
    static func record(highestKey: Int64, of entity: String, _ db: Database) throws {
        try db.execute(
            sql:
                "INSERT INTO \(quote(StoreLayout.metadataTable)) (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            arguments: [metadataKey(entity), String(highestKey)])
    }
}
