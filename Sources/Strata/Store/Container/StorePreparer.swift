import Foundation
internal import GRDB

/// Brings a store to a container's schema on open: creates a new store, accepts a matching one, and migrates
/// a differing one along the plan (or by an inferred lightweight stage).
///
/// Deciding reads only; every refusal is thrown before the store is opened for writing, so a refused store
/// keeps every byte of its file, -wal and -shm.
struct StorePreparer {
    let identifier: String
    let schema: Schema
    let migrationPlan: (any SchemaMigrationPlan.Type)?

    /// What opening the store will do.
    enum Preparation {
        /// Create the tables of `target` in an empty store.
        case create(Schema)
        /// Use the store as it is, recording `target`'s version when it is new.
        case open(Schema, recordVersion: Bool)
        /// Run these stages.
        case migrate([PlannedStage])
    }

    /// Decides from what the store holds; throws the refusals (invalid plan, unknown version, no path).
    func decide(_ finding: StoreProbe.Finding) throws -> Preparation {
        let plan = try migrationPlan.map(ValidatedPlan.init)
        let target = try resolveTarget(plan)
        let metadata: StoreMetadata
        switch finding {
        case .missing, .empty: return .create(target)
        case .store(let recorded): metadata = recorded
        }
        if metadata.fingerprint == target.fingerprint {
            return .open(target, recordVersion: target.version != nil && target.version != metadata.version)
        }
        let path = MigrationPath(schemas: plan?.schemas ?? [], stages: plan?.stages ?? [], store: identifier)
        let current = plan == nil ? metadata.schema : try path.locate(metadata)
        let stages = try path.stages(from: current, to: target)
        try metadata.requireOnlyRecordedColumns(store: identifier)
        return .migrate(stages)
    }

    /// Creates a new store's tables, history and metadata for `target` in `db`.
    static func create(_ target: Schema, in db: Database) throws {
        for statement in StoreLayout(schema: target).createStatements() { try db.execute(sql: statement) }
        try db.execute(sql: MigrationHistory.createStatement)
        try StoreMetadata.write(target, to: db)
    }

    /// Carries a decision out on the opened store.
    func apply(_ preparation: Preparation, store: StoreConnection, container: ModelContainer) throws {
        switch preparation {
        case .create(let target):
            try store.write("creating the store's tables") { db in try Self.create(target, in: db) }
        case .open(let target, let recordVersion):
            if recordVersion {
                try store.write("recording the schema version") { db in try StoreMetadata.write(target, to: db) }
            }
        case .migrate(let stages):
            // An inferred stage is no decision of the app's plan: the data it removes is written to standard error.
            let identifier = self.identifier
            let runner = StageRunner(
                store: store, container: container,
                observer: { event in
                    guard case .warning(let stage, let message) = event else { return }
                    FileHandle.standardError.write(
                        Data("strata: warning: \(identifier): stage \(stage): \(message)\n".utf8))
                }, cancellation: MigrationCancellation())
            for (index, stage) in stages.enumerated() {
                let findings =
                    stage.kind == .inferred
                    ? try store.read("inspecting the data") { db in try DataFinding.compute(stage.diff, in: db) } : []
                _ = try runner.run(stage, index: index, count: stages.count, findings: findings)
            }
        }
    }

    /// What an open connection holds (for in-memory stores, which cannot be probed from outside).
    static func finding(in store: StoreConnection) throws -> StoreProbe.Finding {
        try store.read("reading the store's metadata") { db in
            if let metadata = try StoreMetadata.read(db) { return .store(metadata) }
            let tables =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ?? 0
            guard tables == 0 else {
                throw StrataError.notAStore(path: store.identifier, reason: "it holds tables but no Strata metadata")
            }
            return .empty
        }
    }

    /// The schema to bring the store to: the plan's version the container's models are, or the models' schema.
    private func resolveTarget(_ plan: ValidatedPlan?) throws -> Schema {
        guard let plan else { return schema }
        if let match = plan.schemas.first(where: { $0.fingerprint == schema.fingerprint }) { return match }
        let closest = plan.schemas.min {
            SchemaDiff(from: schema, to: $0).changes.count < SchemaDiff(from: schema, to: $1).changes.count
        }
        let detail =
            closest.map { version in
                "they differ from the closest, \(version.version.label), in: "
                    + SchemaDiff(from: version, to: schema).changes.map(\.description).joined(separator: "; ")
            } ?? "the plan has no schemas"
        throw MigrationError.targetNotInPlan(detail)
    }
}
