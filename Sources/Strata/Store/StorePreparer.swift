import GRDB

/// Brings a store to a container's schema on open: creates a new store, accepts a matching one, and hands a
/// differing one to the migration engine.
struct StorePreparer {
    let store: StoreConnection
    let schema: Schema
    let migrationPlan: (any SchemaMigrationPlan.Type)?

    /// Creates, accepts or migrates the store; throws, leaving the store as it was, when it cannot.
    func prepare() throws {
        let metadata = try store.read("reading the store's metadata") { db -> (StoreMetadata?, Bool) in
            let metadata = try StoreMetadata.read(db)
            let isEmpty = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") == 0
            return (metadata, isEmpty)
        }
        switch metadata {
        case (nil, true):
            try create()
        case (nil, false):
            throw StrataError.notAStore(
                path: store.identifier,
                reason: "it is an SQLite database without Strata's metadata table (\(StoreLayout.metadataTable)); Strata does not adopt foreign tables")
        case (let recorded?, _):
            if recorded.fingerprint == schema.fingerprint {
                try recordVersionIfChanged(recorded)
            } else {
                throw StrataError.schemaMismatch(
                    store: store.identifier, storeVersion: recorded.version?.description ?? "(unversioned)",
                    detail: "  recorded fingerprint \(recorded.fingerprint.prefix(8)), opened with \(schema.shortFingerprint)")
            }
        }
    }

    private func create() throws {
        let layout = StoreLayout(schema: schema)
        try store.write("creating the store's tables") { db in
            for statement in layout.createStatements() { try db.execute(sql: statement) }
            try StoreMetadata.write(schema, to: db)
        }
    }

    private func recordVersionIfChanged(_ recorded: StoreMetadata) throws {
        guard let version = schema.version, version != recorded.version else { return }
        try store.write("recording the schema version") { db in try StoreMetadata.write(schema, to: db) }
    }
}
