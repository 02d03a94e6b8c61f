internal import GRDB

/// How a context reaches its database: through the store's connection pool, or through the open transaction
/// of a migration stage (so stage code reads and writes inside the stage's transaction).
protocol StoreAccess: AnyObject {
    /// The store's identifier, shared by the objects read from it and saved to it.
    var name: StoreName { get }
    /// False when saving is refused.
    var allowsSave: Bool { get }
    /// Runs `body` with a database connection for reading; `operation` names it in errors (only built on one).
    func read<T>(_ operation: @autoclosure () -> String, _ body: (Database) throws -> T) throws -> T
    /// Runs `body` in a transaction (or a savepoint of the open one).
    func write<T>(_ operation: @autoclosure () -> String, _ body: (Database) throws -> T) throws -> T
}

extension StoreAccess {
    /// The store's identifier, for messages and persistent identifiers.
    var identifier: String { name.identifier }
}

/// Access through a transaction someone else opened and will commit or roll back.
final class TransactionAccess: StoreAccess {
    let name: StoreName
    let allowsSave = true
    private let db: Database

    init(db: Database, name: StoreName) {
        self.db = db
        self.name = name
    }

    func read<T>(_ operation: @autoclosure () -> String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try body(db)
        } catch {
            throw StrataError.wrap(error, store: identifier, operation: operation())
        }
    }

    func write<T>(_ operation: @autoclosure () -> String, _ body: (Database) throws -> T) throws -> T {
        var result: T?
        do {
            try db.inSavepoint {
                result = try body(db)
                return .commit
            }
        } catch {
            throw StrataError.wrap(error, store: identifier, operation: operation())
        }
        guard let result else {
            throw StrataError.database(
                store: identifier, operation: operation(), code: .error, message: "the savepoint produced no result")
        }
        return result
    }
}
