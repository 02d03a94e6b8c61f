import Foundation
internal import GRDB

/// Reads what a Strata store says about itself (version, schema, history, row counts) without model types,
/// and without writing any of its files.
public struct StoreInspector: Sendable {
    /// The store file.
    public let url: URL
    /// True to read through an ordinary read-only connection (which may touch the -shm) instead of never
    /// touching the files: for a file the caller owns, such as a private copy, where that is cheaper.
    public let inPlace: Bool

    /// An inspector of the store at `url`; `inPlace` for files the caller owns (see `inPlace`).
    public init(url: URL, inPlace: Bool = false) {
        self.url = url
        self.inPlace = inPlace
    }

    /// The recorded metadata; throws `notAStore` for a file that is not a Strata store.
    public func metadata() throws -> StoreMetadata { try read(metadata(in:)) }

    private func metadata(in db: Database) throws -> StoreMetadata {
        guard let metadata = try StoreMetadata.read(db) else {
            throw StrataError.notAStore(
                path: url.path, reason: "it has no Strata metadata table (\(StoreLayout.metadataTable))")
        }
        return metadata
    }

    /// The recorded version (nil for a store written from an unversioned schema).
    public func version() throws -> Schema.Version? { try metadata().version }

    /// The applied migration stages, oldest first.
    public func history() throws -> [MigrationHistory] { try read(MigrationHistory.read) }

    /// Each entity of the recorded schema with its row count.
    public func rowCounts() throws -> [(entity: String, rows: Int)] { try census().rows }

    /// The recorded version and each entity of the recorded schema with its row count, in one read of the store.
    public func census() throws -> (version: Schema.Version?, rows: [(entity: String, rows: Int)]) {
        try read { db in
            let metadata = try metadata(in: db)
            return (metadata.version, try Self.rowCounts(of: metadata.schema, in: db))
        }
    }

    /// Each entity of `schema` with its row count in `db`, by name (the order a store records its schema in).
    static func rowCounts(of schema: Schema, in db: Database) throws -> [(entity: String, rows: Int)] {
        try schema.entities.map(\.name).sorted().map {
            ($0, try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quote($0))") ?? 0)
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StrataError.missingStore(url.path)
        }
        return try inPlace ? StoreProbe.readInPlace(url, body) : StoreProbe.read(url, body)
    }
}
