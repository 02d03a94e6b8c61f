import Foundation
import GRDB

/// Reads what a Strata store says about itself (version, schema, history, row counts) without model types,
/// and without writing any of its files.
public struct StoreInspector: Sendable {
    /// The store file.
    public let url: URL

    /// An inspector of the store at `url`.
    public init(url: URL) { self.url = url }

    /// The recorded metadata; throws `notAStore` for a file that is not a Strata store.
    public func metadata() throws -> StoreMetadata {
        try read { db in
            guard let metadata = try StoreMetadata.read(db) else {
                throw StrataError.notAStore(path: url.path, reason: "it has no Strata metadata table (\(StoreLayout.metadataTable))")
            }
            return metadata
        }
    }

    /// The recorded version (nil for a store written from an unversioned schema).
    public func version() throws -> Schema.Version? { try metadata().version }

    /// The applied migration stages, oldest first.
    public func history() throws -> [MigrationHistory] { try read(MigrationHistory.read) }

    /// Each entity of the recorded schema with its row count.
    public func rowCounts() throws -> [(entity: String, rows: Int)] {
        let schema = try metadata().schema
        return try read { db in
            try schema.entities.map { ($0.name, try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quote($0.name))") ?? 0) }
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StrataError.notAStore(path: url.path, reason: "the file does not exist")
        }
        return try StoreProbe.read(url, body)
    }
}
