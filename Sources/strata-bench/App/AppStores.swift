import Foundation
import GRDB
import Strata

/// The `app` benchmark's pristine stores, made once per size and copied fresh for every run: empty, filled with
/// N items, and filled with N/10 parents of ten children each. All are created by Strata (so they carry its
/// metadata and layout) and filled through GRDB.
struct AppStores {
    let store: BenchStore
    let rows: Int

    /// The schema every store of the benchmark is created with.
    static let schema = Schema([AppItem.self, AppParent.self, AppChild.self])

    /// A store with the schema's tables and no rows.
    func empty() throws -> URL {
        let url = store.directory.appendingPathComponent("app-empty.store")
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = try ModelContainer(for: Self.schema, configurations: ModelConfiguration(url: url))
        }
        return url
    }

    /// A store of `rows` items (row number i has `AppItemValues(number: i)` and count i).
    func items() throws -> URL {
        let url = store.directory.appendingPathComponent("app-items-\(rows).store")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        _ = try store.copy(of: try empty(), name: "app-items-\(rows)")
        _ = try RawContender.insert(url, rows: rows)
        return url
    }

    /// A store of `rows / 10` parents with ten children each, the children of a parent in consecutive rows.
    func families() throws -> URL {
        let url = store.directory.appendingPathComponent("app-families-\(rows).store")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        _ = try store.copy(of: try empty(), name: "app-families-\(rows)")
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO "AppParent" ("_pk", "name") SELECT i, 'Parent ' || i FROM n
                    """, arguments: [max(rows / 10, 1)])
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO "AppChild" ("_pk", "name", "position", "parent") SELECT i, 'Child ' || i, (i - 1) % 10, (i - 1) / 10 + 1 FROM n
                    """, arguments: [max(rows / 10, 1) * 10])
        }
        return url
    }
}
