import Foundation
internal import GRDB

// Safe: `previous` is read and written only inside the connection's serialized access (and in deinit, when nothing
// else holds the recorder); `baseline` is written there under `lock` too, and read under `lock` by page readers on
// other threads; the schemas and lineage are read and written only under `lock`.
/// Records what each stage of a dry run does to the rows, in SQLite: before a stage the tables it can change are
/// snapshot (`RowChangeScope`; the private copy's file copied whole when they are most of it), and after it the
/// two are compared by key in one pass per entity, so memory stays flat in the number of rows. An entity a stage
/// keeps row for row and whose values it does not rewrite is counted from the copy alone. Before the first stage
/// the whole copy is kept as a baseline, so the rows can also be paged as changes since the store's version.
///
/// ```swift
/// let migrator = try Migrator.onPrivateCopy(of: url, plan: BookMigrationPlan.self)
/// migrator.recordRowChanges(RowChangeOptions(sampleLimit: 3))
/// let report = try migrator.runNextStage()
/// print(report?.rowChanges.first?.changed ?? 0)
/// ```
public final class RowChangeRecorder: @unchecked Sendable {
    /// What is recorded.
    public let options: RowChangeOptions
    /// The connection that attaches the snapshots and the copy, and compares them.
    private let connection: DatabaseQueue
    /// The copy as the store was when recording started; kept until the recorder goes.
    private var baseline: RowSnapshot?
    /// The tables the latest stage could change as they were before it (the baseline itself for the first stage),
    /// attached as `beforeName`; nil when the stage changes no table the comparison reads.
    private var previous: RowSnapshot?
    /// The schema the baseline is at.
    private var baselineSchema: Schema?
    /// The schema the copy is at after the stages recorded.
    private var currentSchema: Schema?
    /// Per entity of `currentSchema`, each column's column in the baseline (columns added since are missing).
    private var lineage: [String: [String: String]] = [:]
    /// Per entity of `currentSchema`, its name in the baseline (entities added since are missing).
    private var origins: [String: String] = [:]
    /// Guards the schemas and lineage: stages are recorded on the migrating thread, pages read on another.
    private let lock = NSLock()
    private static let afterName = "strata_after"
    private static let beforeName = "strata_before"
    private static let baselineName = "strata_baseline"

    /// A recorder over the copy at `store`.
    init(store: URL, options: RowChangeOptions) throws {
        self.options = options
        // Snapshots hold tables without their parents: foreign keys are not enforced on this connection.
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        connection = try DatabaseQueue(configuration: configuration)
        try connection.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS \(quote(Self.afterName))", arguments: [store.path])
        }
    }

    deinit {
        try? connection.close()
        if previous != baseline { previous?.remove() }
        baseline?.remove()
    }

    /// Takes the snapshot a stage's changes are compared with: the tables of the entities whose comparison reads
    /// them; `checkpoint` first moves the copy's -wal into its file when the file is copied.
    func prepare(for stage: PlannedStage, store: URL, checkpoint: () throws -> Void) throws {
        let tables = comparisons(of: stage).filter { !$0.readsLaterOnly }.compactMap { $0.before?.name }
        try connection.writeWithoutTransaction { db in
            if let previous {
                try db.execute(sql: "DETACH DATABASE \(quote(Self.beforeName))")
                if previous != baseline { previous.remove() }
                self.previous = nil
            }
            if baseline == nil {
                try checkpoint()
                let snapshot = try RowSnapshot.wholeFile(of: store)
                for name in [Self.baselineName, Self.beforeName] {
                    try db.execute(sql: "ATTACH DATABASE ? AS \(quote(name))", arguments: [snapshot.url.path])
                }
                lock.withLock { baseline = snapshot }
                previous = snapshot
            } else if !tables.isEmpty {
                if let snapshot = try RowSnapshot.tables(tables, of: Self.afterName, attachedAs: Self.beforeName, db) {
                    previous = snapshot
                } else {
                    try checkpoint()
                    let snapshot = try RowSnapshot.wholeFile(of: store)
                    try db.execute(
                        sql: "ATTACH DATABASE ? AS \(quote(Self.beforeName))", arguments: [snapshot.url.path])
                    previous = snapshot
                }
            }
        }
        lock.lock()
        defer { lock.unlock() }
        if baselineSchema == nil {
            baselineSchema = stage.from
            currentSchema = stage.from
            origins = Dictionary(uniqueKeysWithValues: stage.from.entities.map { ($0.name, $0.name) })
            lineage = Dictionary(
                uniqueKeysWithValues: stage.from.entities.map { entity in
                    (
                        entity.name,
                        Dictionary(uniqueKeysWithValues: RowComparison.storedColumns(entity).map { ($0, $0) })
                    )
                })
        }
    }

    /// Compares the copy after `stage` committed with the snapshot taken before it, and moves the baseline's lineage on.
    func record(_ stage: PlannedStage) throws -> [EntityRowChanges] {
        let renames = Self.renames(in: stage.diff)
        var next: [String: [String: String]] = [:]
        var nextOrigins: [String: String] = [:]
        for entity in stage.to.entities {
            let source = stage.diff.sourceEntity(named: entity.name)
            let (earlier, origin) = lock.withLock {
                (lineage[source?.name ?? entity.name] ?? [:], source.flatMap { origins[$0.name] })
            }
            nextOrigins[entity.name] = origin
            let stageRenames = source == nil ? [:] : renames[entity.name] ?? [:]
            next[entity.name] = Dictionary(
                uniqueKeysWithValues: RowComparison.storedColumns(entity).compactMap { column in
                    let before = stageRenames[column] ?? column
                    return earlier[before].map { (column, $0) }
                })
        }
        lock.withLock {
            lineage = next
            origins = nextOrigins
            currentSchema = stage.to
        }
        let comparisons = comparisons(of: stage)
        return try connection.read { db in try comparisons.map { try summary($0, db) } }
    }

    /// The comparisons of the entities `stage` can change that the options include, in schema order (later
    /// version's first), each narrowed to what the stage can change in it.
    private func comparisons(of stage: PlannedStage) -> [RowComparison] {
        let renames = Self.renames(in: stage.diff)
        let scopes = RowChangeScope.scopes(of: stage)
        let names = (stage.to.entities.map(\.name) + stage.from.entities.map(\.name)).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        let renamedAway = Set(stage.diff.renamedEntities.values)
        return names.compactMap { name in
            let after = stage.to.entitiesByName[name]
            // A renamed entity is compared once, under its later name, with its rows under the earlier one.
            let before = after == nil ? stage.from.entitiesByName[name] : stage.diff.sourceEntity(named: name)
            guard let scope = scopes[name], after != nil || !renamedAway.contains(name),
                options.includes(name) || before.map({ options.includes($0.name) }) == true
            else { return nil }
            let counterpart = Dictionary(
                uniqueKeysWithValues: (after.map(RowComparison.storedColumns) ?? []).map { column in
                    (column, before == nil ? "" : renames[name]?[column] ?? column)
                })
            return RowComparison(
                before: before, after: after, counterpart: counterpart, beforeSchema: Self.beforeName,
                afterSchema: Self.afterName, scope: scope)
        }
    }

    /// The counts of a comparison with up to `sampleLimit` samples, taken from each kind in turn.
    private func summary(_ comparison: RowComparison, _ db: Database) throws -> EntityRowChanges {
        let counts = try comparison.counts(db)
        let limit = options.sampleLimit
        guard limit > 0 else { return counts }
        var pools: [[(Int64?, Int64?)]] = []
        for (kind, count) in [
            (RowChangeKind.changed, counts.changed), (.inserted, counts.inserted), (.deleted, counts.deleted),
        ]
        where count > 0 {
            pools.append(try comparison.keys(kind, limit: limit, offset: 0, db))
        }
        var picked: [(Int64?, Int64?)] = []
        var round = 0
        while picked.count < limit, pools.contains(where: { $0.count > round }) {
            for pool in pools where pool.count > round && picked.count < limit { picked.append(pool[round]) }
            round += 1
        }
        let samples = try picked.compactMap { try comparison.sample(after: $0.0, before: $0.1, db) }
        return EntityRowChanges(
            entity: counts.entity, renamedFrom: counts.renamedFrom, inserted: counts.inserted, deleted: counts.deleted,
            changed: counts.changed,
            unchanged: counts.unchanged, reinserted: counts.reinserted, pairedBy: counts.pairedBy,
            properties: counts.properties, samples: samples)
    }

    /// Per entity, each renamed property's later name mapped to its earlier one.
    static func renames(in diff: SchemaDiff) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for change in diff.changes {
            switch change {
            case .attributeRenamed(let entity, let from, let to): result[entity, default: [:]][to.name] = from
            case .relationshipRenamed(let entity, let from, let to): result[entity, default: [:]][to.name] = from
            default: break
            }
        }
        return result
    }

    // MARK: Changes since the store's version

    /// The comparison of an entity's rows now with the baseline, nil before a stage was recorded.
    private func sinceBaseline(_ entity: String) -> RowComparison? {
        lock.lock()
        defer { lock.unlock() }
        guard let baselineSchema, let currentSchema, baseline != nil else { return nil }
        let after = currentSchema.entitiesByName[entity]
        let before: Schema.Entity?
        if after != nil {
            before = origins[entity].flatMap { baselineSchema.entitiesByName[$0] }
        } else if origins.values.contains(entity) {
            // Renamed since: its rows are counted under its current name.
            return nil
        } else {
            before = baselineSchema.entitiesByName[entity]
        }
        guard after != nil || before != nil else { return nil }
        return RowComparison(
            before: before, after: after, counterpart: lineage[entity] ?? [:], beforeSchema: Self.baselineName,
            afterSchema: Self.afterName)
    }

    /// The version of the rows changes are counted from (the store's, when recording began); nil before a stage ran.
    public var baselineVersion: String? {
        lock.withLock { baselineSchema.map { $0.version.label } }
    }

    /// The counts of an entity's changes since the store's version (across every stage recorded); nil before a
    /// stage was recorded, for an entity neither version has, or for an earlier name of an entity renamed since
    /// (its rows are counted under its current name).
    public func changesSinceStore(of entity: String) throws -> EntityRowChanges? {
        guard let comparison = sinceBaseline(entity) else { return nil }
        return try connection.read { db in try comparison.counts(db) }
    }

    /// An entity's stored properties since the store's version: kept ones (renames followed), then dropped ones, then
    /// filled ones; empty before a stage was recorded.
    public func properties(of entity: String) -> [PropertyLineage] {
        guard let comparison = sinceBaseline(entity) else { return [] }
        return comparison.compared.map { PropertyLineage(after: $0.after, before: $0.before) }
            + comparison.dropped.map { PropertyLineage(after: nil, before: $0) }
            + comparison.filled.map { PropertyLineage(after: $0, before: nil) }
    }

    /// A page of an entity's rows as changes since the store's version, in key order: the later rows (inserted,
    /// changed or unchanged, as `kind` picks; all when nil), then, for nil or `.deleted`, the deleted rows.
    ///
    /// - Parameters:
    ///   - entity: The entity whose rows are paged.
    ///   - kind: Which rows: inserted, changed, unchanged or deleted; every row when nil.
    ///   - counts: The entity's counts (from ``changesSinceStore(of:)``), which place the deleted rows after the rest.
    ///   - offset: Rows skipped, in that order.
    ///   - limit: Rows returned at most.
    public func page(
        of entity: String, kind: RowChangeKind?, counts: EntityRowChanges, offset: Int, limit: Int
    ) throws -> [RowChangeSample] {
        guard let comparison = sinceBaseline(entity), limit > 0 else { return [] }
        return try connection.read { db in
            var keys: [(Int64?, Int64?)]
            if kind == nil {
                let later = counts.rowsAfter
                keys = offset < later ? try comparison.keys(nil, limit: limit, offset: offset, db) : []
                if keys.count < limit {
                    keys += try comparison.keys(
                        .deleted, limit: limit - keys.count, offset: max(offset - later, 0), db)
                }
            } else {
                keys = try comparison.keys(kind, limit: limit, offset: offset, db)
            }
            return try keys.compactMap { try comparison.sample(after: $0.0, before: $0.1, db) }
        }
    }
}

/// What a ``RowChangeRecorder`` records: sample rows per entity, and which entities.
public struct RowChangeOptions: Sendable {
    /// Sample rows per entity and stage (changed, inserted and deleted in turn).
    public var sampleLimit: Int
    /// The entities to record (earlier or later names); nil records every entity a stage can change.
    public var entities: Set<String>?

    /// Records up to `sampleLimit` samples of each entity in `entities` (every entity when nil).
    public init(sampleLimit: Int = 5, entities: Set<String>? = nil) {
        self.sampleLimit = sampleLimit
        self.entities = entities
    }

    func includes(_ entity: String) -> Bool { entities.map { $0.contains(entity) } ?? true }
}
