import Foundation
internal import GRDB

/// Everything Strata's library throws, each with a message that says what is wrong and what to do.
public enum StrataError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// The model types have mistakes (unsupported property types, ambiguous inverses, clashing names).
    case invalidSchema([String])
    /// The file exists but cannot be used as a store; `code` is SQLite's when SQLite said so (not a database,
    /// corrupt), nil when Strata found it (no metadata, a directory).
    case notAStore(path: String, reason: String, code: DatabaseCode? = nil)
    /// SQLite refused an operation on the store; `code` says why (locked, read-only, disk full…).
    case database(store: String, operation: String, code: DatabaseCode, message: String)
    /// The store's metadata is damaged.
    case corruptMetadata(String)
    /// The store was written with a different schema and nothing says how to migrate it.
    case schemaMismatch(store: String, storeVersion: String, detail: String)
    /// A stored value does not fit its attribute's type.
    case undecodableValue(entity: String, attribute: String, type: ValueType, stored: String)
    /// A required attribute holds NULL in the store.
    case nullInRequiredAttribute(entity: String, attribute: String)
    /// A value of the wrong type reached an attribute.
    case valueMismatch(expected: String, got: String)
    /// Deleting a model was refused by a `.deny` relationship.
    case deleteDenied(entity: String, key: String, relationship: String, count: Int)
    /// A to-many relationship holds fewer or more models than its declared bounds.
    case relationshipCount(entity: String, key: String, relationship: String, count: Int, minimum: Int, maximum: Int)
    /// The model type is not part of the container's schema.
    case unknownModelType(String)
    /// The store has no entity of that name (`StoreInspector.rows`); `entities` are the ones it has.
    case unknownEntity(store: String, entity: String, entities: [String])
    /// The configuration does not allow saving.
    case readOnly(store: String)
    /// A configuration Strata cannot honour.
    case unsupportedConfiguration(String)

    /// The message.
    public var description: String {
        switch self {
        case .invalidSchema(let problems):
            return "The model types cannot be stored:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .notAStore(let path, let reason, _):
            return "\(path) is not a Strata store: \(reason)."
        case .database(let store, let operation, _, let message):
            return "\(store): \(operation) failed: \(message)."
        case .corruptMetadata(let detail):
            return "The store's metadata is damaged: \(detail). The data was not changed."
        case .schemaMismatch(let store, let version, let detail):
            return
                "\(store) was written with schema \(version), which differs from the schema it is opened with:\n\(detail)\nOpen it with a migration plan that leads from \(version) to the new schema."
        case .undecodableValue(let entity, let attribute, let type, let stored):
            return "\(entity).\(attribute) holds \(stored), which is not a valid \(type)."
        case .nullInRequiredAttribute(let entity, let attribute):
            return "\(entity).\(attribute) is required but the store holds NULL for it."
        case .valueMismatch(let expected, let got):
            return "expected a value of type \(expected), got \(got)."
        case .deleteDenied(let entity, let key, let relationship, let count):
            return
                "Cannot delete \(entity) \(key): its relationship '\(relationship)' has the .deny rule and still holds \(count) model\(count == 1 ? "" : "s"). Delete or detach them first. Nothing was saved."
        case .relationshipCount(let entity, let key, let relationship, let count, let minimum, let maximum):
            let bounds = [minimum > 0 ? "at least \(minimum)" : nil, maximum > 0 ? "at most \(maximum)" : nil]
                .compactMap { $0 }
            return
                "\(entity) \(key): '\(relationship)' holds \(count) models but must hold \(bounds.joined(separator: " and ")). Nothing was saved."
        case .unknownModelType(let name):
            return
                "\(name) is not a model of this container's schema; add it to the types the container is created with."
        case .unknownEntity(let store, let entity, let entities):
            return "\(store) has no entity '\(entity)'; its entities are \(entities.joined(separator: ", "))"
        case .readOnly(let store):
            return "\(store) was opened with allowsSave: false, which refuses every write; nothing was written."
        case .unsupportedConfiguration(let detail):
            return "Unsupported configuration: \(detail)."
        }
    }

    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// SQLite's code for a `database` error, or a `notAStore` one SQLite reported; nil for every other error.
    public var code: DatabaseCode? {
        switch self {
        case .database(_, _, let code, _): return code
        case .notAStore(_, _, let code): return code
        default: return nil
        }
    }

    /// The refusal of a store path where no file is: what every reader and migrator says.
    package static func missingStore(_ path: String) -> StrataError {
        .notAStore(path: path, reason: "the file does not exist")
    }

    /// Wraps a SQLite error with the store and the operation it interrupted, keeping SQLite's code.
    static func wrap(_ error: any Error, store: String, operation: String) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        let code = DatabaseCode(rawValue: error.resultCode.primaryResultCode.rawValue)
        let failed = { (code: DatabaseCode, message: String) in
            StrataError.database(store: store, operation: operation, code: code, message: message)
        }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return StrataError.notAStore(
                path: store, reason: "SQLite reports \"\(error.message ?? "file is not a database")\"", code: code)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return failed(code, "the store is locked by another connection or process; close it and try again")
        case .SQLITE_FULL:
            return failed(code, "the disk is full; free space and try again (the store is unchanged)")
        case .SQLITE_READONLY:
            return failed(code, "the store or its directory is read-only")
        case .SQLITE_CANTOPEN
        where !FileManager.default.isWritableFile(atPath: store)
            || !FileManager.default.isWritableFile(atPath: (store as NSString).deletingLastPathComponent):
            // On a read-only filesystem SQLite cannot create the -wal and -shm and reports only "unable to open".
            return failed(.readOnly, "the store or its directory is read-only")
        default:
            return failed(code, error.message ?? "\(error.resultCode)")
        }
    }
}
