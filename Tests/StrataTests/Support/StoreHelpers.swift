import Foundation
import GRDB

@testable import Strata

/// Opens a container on a store file for the given model types.
func openContainer(_ types: any PersistentModel.Type..., at url: URL, allowsSave: Bool = true) throws -> ModelContainer
{
    try ModelContainer(for: Schema(types), configurations: ModelConfiguration(url: url, allowsSave: allowsSave))
}

/// Runs raw SQL against a store file, the way a person with the sqlite3 CLI would edit it (foreign keys off).
func editStore(at url: URL, _ body: (Database) throws -> Void) throws {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = false
    let queue = try DatabaseQueue(path: url.path, configuration: configuration)
    try queue.write(body)
}

/// The number of rows of a table in a store file.
func rowCount(_ table: String, at url: URL) throws -> Int {
    let queue = try DatabaseQueue(path: url.path)
    return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \"\(table)\"") ?? 0 }
}

/// The message of an error thrown by `body`, or nil when it does not throw.
func errorMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}
