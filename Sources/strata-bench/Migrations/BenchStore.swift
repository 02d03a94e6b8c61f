import Foundation
import GRDB
import Strata

/// Builds the benchmark's stores: a V1 store of N books made once, copied fresh for every run.
struct BenchStore {
    let directory: URL

    /// A scratch directory removed by `remove()`.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The pristine V1 store of `rows` books (titles, authors "First Last", unique ISBNs, a third of notes NULL),
    /// created by Strata (so it carries Strata's metadata) and filled in one SQL statement.
    func pristine(rows: Int) throws -> URL {
        let url = directory.appendingPathComponent("pristine-\(rows).store")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        _ = try ModelContainer(for: Schema(versionedSchema: BenchV1.self), configurations: ModelConfiguration(url: url))
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO "Book" ("_pk", "title", "author", "isbn", "note")
                    SELECT i, 'Title ' || i, 'First' || (i % 97) || ' Last' || (i % 89), printf('978-%010d', i),
                           CASE WHEN i % 3 = 0 THEN NULL ELSE 'note ' || i END FROM n
                    """, arguments: [rows])
        }
        try queue.close()
        return url
    }

    /// A fresh copy of a store (file, -wal and -shm) for one run.
    func copy(of url: URL, name: String) throws -> URL {
        let target = directory.appendingPathComponent("\(name).store")
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: target.path + suffix)
            if FileManager.default.fileExists(atPath: url.path + suffix) {
                try FileManager.default.copyItem(atPath: url.path + suffix, toPath: target.path + suffix)
            }
        }
        return target
    }

    /// Deletes the scratch directory.
    func remove() { try? FileManager.default.removeItem(at: directory) }
}
