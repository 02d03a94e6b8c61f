import Foundation

/// Why an Apple store (or a file offered as one) could not be read or imported; every message names the file.
public enum AppleStoreError: Error, CustomStringConvertible, Sendable {
    /// The file is neither a Strata store nor a store written by SwiftData or Core Data.
    case unrecognizedFormat(path: String, reason: String)
    /// SQLite refused to read the (copied) file: truncated, damaged or locked.
    case unreadable(path: String, message: String)
    /// The Z_METADATA property list is missing or damaged.
    case damagedMetadata(path: String, reason: String)
    /// The Z_MODELCACHE stream is not a complete raw DEFLATE stream.
    case damagedModelCache(path: String, reason: String)
    /// The keyed archive of the model is not a graph this reader understands (bad reference, cycle, wrong type).
    case damagedModelArchive(path: String, reason: String)
    /// The store has no entity with this name.
    case unknownEntity(path: String, entity: String, known: [String])
    /// A row filter names no column of the entity, a value that cannot be of the column's type, or a
    /// column that cannot be filtered.
    case invalidFilter(path: String, entity: String, column: String, reason: String)
    /// The store has no persistent-history table with this name.
    case unknownHistoryTable(path: String, table: String, known: [String])
    /// The import destination already exists; import only writes new stores.
    case destinationExists(path: String)
    /// The imported schema differs from the plan version it was asked to be recorded as.
    case schemaMismatch(path: String, version: String, differences: [String])
    /// Writing the new Strata store failed; nothing is left at the destination.
    case importFailed(path: String, message: String)

    /// A message a person can act on.
    public var description: String {
        switch self {
        case .unrecognizedFormat(let path, let reason):
            return "\(path) is neither a Strata store nor a SwiftData or Core Data store: \(reason)"
        case .unreadable(let path, let message):
            return "\(path) cannot be read as an SQLite store (truncated or damaged?): \(message)"
        case .damagedMetadata(let path, let reason):
            return "\(path): the Apple store metadata (Z_METADATA) is damaged: \(reason)"
        case .damagedModelCache(let path, let reason):
            return "\(path): the embedded model (Z_MODELCACHE) is not a valid raw DEFLATE stream: \(reason)"
        case .damagedModelArchive(let path, let reason):
            return "\(path): the embedded model archive (Z_MODELCACHE) is damaged: \(reason)"
        case .unknownEntity(let path, let entity, let known):
            return "\(path) has no entity '\(entity)'; its entities are \(known.joined(separator: ", "))"
        case .invalidFilter(let path, let entity, let column, let reason):
            return "\(path): cannot filter \(entity) on '\(column)': \(reason)"
        case .unknownHistoryTable(let path, let table, let known):
            let list =
                known.isEmpty
                ? "it has no persistent-history tables" : "its history tables are \(known.joined(separator: ", "))"
            return "\(path) has no persistent-history table '\(table)'; \(list)"
        case .destinationExists(let path):
            return "\(path) already exists; import writes a new Strata store, so choose a path where nothing is"
        case .schemaMismatch(let path, let version, let differences):
            return "the model of \(path) is not version \(version) of the plan; differences (store -> plan):\n"
                + differences.map { "  \($0)" }.joined(separator: "\n")
        case .importFailed(let path, let message):
            return "importing into \(path) failed (nothing was left there): \(message)"
        }
    }
}
