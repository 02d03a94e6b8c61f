import Foundation
import GRDB
import Strata

/// A temporary folder deleted when the value goes away.
final class ModelFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

extension ModelFolder {
    /// A Strata store named `name` in the folder, at `schema`'s version, with the rows `fill` writes.
    func strataStore(_ name: String, at schema: Schema, fill: (Database) throws -> Void = { _ in }) throws -> URL {
        let store = url.appendingPathComponent(name)
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in
            for statement in StoreLayout(schema: schema).createStatements() { try db.execute(sql: statement) }
            try StoreMetadata.write(schema, to: db)
            try fill(db)
        }
        try queue.close()
        return store
    }
}
