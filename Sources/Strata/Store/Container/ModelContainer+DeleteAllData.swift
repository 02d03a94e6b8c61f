import Foundation
internal import GRDB

extension ModelContainer {
    /// Deletes every row of every entity, and their links, in one transaction; the store keeps its tables, its
    /// schema version and its migration history, and stays open.
    ///
    /// Objects that contexts already hold are not changed: fetch again. A failure (a store opened read-only, a
    /// full disk) is written to standard error, as SwiftData's method does not throw either.
    public func deleteAllData() {
        let layout = StoreLayout(schema: schema)
        do {
            try store.write("deleting all data") { db in
                for entity in schema.entities {
                    for relationship in entity.relationships {
                        if case .joinTable(let table, .source) = layout.storage(of: relationship, in: entity) {
                            try db.execute(sql: "DELETE FROM \(quote(table))")
                        }
                    }
                }
                for entity in schema.entities { try db.execute(sql: "DELETE FROM \(quote(entity.name))") }
            }
        } catch {
            FileHandle.standardError.write(
                Data("strata: error: deleteAllData() of \(store.identifier): \(error)\n".utf8))
        }
    }
}
