import GRDB

/// Brings a store to a container's schema on open: creates a new store, accepts a matching one, and migrates
/// a differing one along the plan (or by an inferred lightweight stage), refusing with the store untouched
/// when it cannot.
struct StorePreparer {
    let store: StoreConnection
    let schema: Schema
    let migrationPlan: (any SchemaMigrationPlan.Type)?

    /// Creates, accepts or migrates the store.
    func prepare(container: ModelContainer) throws {
        let plan = try migrationPlan.map(ValidatedPlan.init)
        let target = try resolveTarget(plan)
        let (metadata, isEmpty) = try store.read("reading the store's metadata") { db -> (StoreMetadata?, Bool) in
            let metadata = try StoreMetadata.read(db)
            let isEmpty = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") == 0
            return (metadata, isEmpty)
        }
        guard let metadata else {
            guard isEmpty else {
                throw StrataError.notAStore(
                    path: store.identifier,
                    reason: "it is an SQLite database without Strata's metadata table (\(StoreLayout.metadataTable)); Strata does not adopt foreign tables")
            }
            return try create(target)
        }
        if metadata.fingerprint == target.fingerprint {
            return try recordVersionIfChanged(metadata, target)
        }
        let path = MigrationPath(schemas: plan?.schemas ?? [], stages: plan?.stages ?? [], store: store.identifier)
        let current = plan == nil ? metadata.schema : try path.locate(metadata)
        let stages = try path.stages(from: current, to: target)
        let runner = StageRunner(
            store: store, container: container, observer: { _ in }, cancellation: MigrationCancellation())
        for (index, stage) in stages.enumerated() {
            _ = try runner.run(stage, index: index, count: stages.count, findings: [])
        }
    }

    /// The schema to bring the store to: the plan's version the container's models are, or the models' schema.
    private func resolveTarget(_ plan: ValidatedPlan?) throws -> Schema {
        guard let plan else { return schema }
        if let match = plan.schemas.first(where: { $0.fingerprint == schema.fingerprint }) { return match }
        let closest = plan.schemas.min { SchemaDiff(from: schema, to: $0).changes.count < SchemaDiff(from: schema, to: $1).changes.count }
        let detail = closest.map { version in
            "they differ from the closest, \(version.version?.description ?? "?"), in: " + SchemaDiff(from: version, to: schema).changes.map(\.description).joined(separator: "; ")
        } ?? "the plan has no schemas"
        throw MigrationError.targetNotInPlan(detail)
    }

    private func create(_ target: Schema) throws {
        let layout = StoreLayout(schema: target)
        try store.write("creating the store's tables") { db in
            for statement in layout.createStatements() { try db.execute(sql: statement) }
            try StoreMetadata.write(target, to: db)
        }
    }

    private func recordVersionIfChanged(_ recorded: StoreMetadata, _ target: Schema) throws {
        guard let version = target.version, version != recorded.version else { return }
        try store.write("recording the schema version") { db in try StoreMetadata.write(target, to: db) }
    }
}
