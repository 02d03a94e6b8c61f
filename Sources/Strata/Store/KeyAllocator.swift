import GRDB

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
        if next[entity] == nil {
            let largestRow =
                try Int64.fetchOne(
                    db, sql: "SELECT IFNULL(MAX(\(quote(StoreLayout.primaryKey))), 0) FROM \(quote(entity))") ?? 0
            let recorded =
                try String.fetchOne(
                    db, sql: "SELECT value FROM \(quote(StoreLayout.metadataTable)) WHERE key = ?",
                    arguments: [Self.metadataKey(entity)]
                ).flatMap { Int64($0) } ?? 0
            next[entity] = max(largestRow, recorded) + 1
        }
        let key = next[entity] ?? 1
        next[entity] = key + 1
        return key
    }

    /// Records the highest key handed out for each entity, inside the save's transaction.
    func record(_ db: Database) throws {
        for (entity, next) in next {
            try db.execute(
                sql:
                    "INSERT INTO \(quote(StoreLayout.metadataTable)) (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [Self.metadataKey(entity), String(next - 1)])
        }
    }
}
