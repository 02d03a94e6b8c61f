import Foundation
import Strata
import StrataSources

/// `check --upgrades`: a sample store at each older version, migrated (in a temporary folder) to the plan's newest
/// version with its row changes recorded.
enum UpgradePaths {
    /// One entry per schema in `from` (oldest first), each store holding `rows` generated rows per entity.
    static func check(
        _ plan: ValidatedPlan, from schemas: [Schema], rows: Int
    ) throws -> [UpgradePathEntry] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-upgrades-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try schemas.enumerated().map { offset, schema in
            let version = schema.version.label
            let url = directory.appendingPathComponent("\(offset)-\(version).store")
            try SampleStore.make(at: url, schema: schema, rows: rows)
            return path(plan, store: url, from: version)
        }
    }

    /// Migrates the sample store at `url` to the plan's newest version and says how it went.
    private static func path(_ plan: ValidatedPlan, store url: URL, from version: String)
        -> UpgradePathEntry
    {
        let migrator: Migrator
        do {
            migrator = try Migrator(store: url, validated: plan)
            try migrator.recordRowChanges(RowChangeOptions(sampleLimit: 0))
        } catch {
            return UpgradePathEntry(from: version, outcome: .failed, stage: nil, message: "\(error)", entities: [])
        }
        let (stages, failure, notRun) = StageLoop.run(
            migrator, limit: migrator.pending.count)
        let reached = migrator.current.version.label
        var entities: [UpgradePathEntry.Entity] = []
        if let recorder = migrator.rowRecorder {
            let names = (migrator.current.entities.map(\.name) + (plan.schemas.flatMap { $0.entities.map(\.name) }))
                .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            for name in names {
                guard let changes = try? recorder.changesSinceStore(of: name) else { continue }
                entities.append(
                    UpgradePathEntry.Entity(
                        entity: name, kept: changes.unchanged, changed: changes.changed, inserted: changes.inserted,
                        deleted: changes.deleted))
            }
        }
        if failure != nil, let failed = stages.last {
            return UpgradePathEntry(
                from: version, outcome: .failed, stage: failed.title, message: failed.failure, entities: entities)
        }
        if let notRun {
            return UpgradePathEntry(
                from: version, outcome: .stopped, stage: migrator.nextStage?.title, message: notRun, entities: entities)
        }
        return UpgradePathEntry(from: version, outcome: .reached, stage: nil, message: reached, entities: entities)
    }
}

/// One upgrade path in `check --upgrades`: `{"from", "outcome" ("reached", "failed" or "stopped"), "stage"?,
/// "message"?, "entities": [{"entity", "kept", "changed", "inserted", "deleted"}]}`; for "reached" the message is the
/// version reached, for "failed" the failing stage's error, for "stopped" why a custom stage could not run.
struct UpgradePathEntry: Encodable {
    /// How a path ended.
    enum Outcome: String, Encodable {
        case reached, failed, stopped
    }

    /// An entity's rows at the end of the path, against the sample store it started from.
    struct Entity: Encodable {
        let entity: String
        let kept: Int
        let changed: Int
        let inserted: Int
        let deleted: Int
    }

    let from: String
    let outcome: Outcome
    let stage: String?
    let message: String?
    let entities: [Entity]

    /// The outcome as one cell: "reached 3.0.0", "failed at 1.0.0 -> 2.0.0", "stopped at 2.0.0 -> 3.0.0".
    var outcomeText: String {
        switch outcome {
        case .reached: "reached \(message ?? "")"
        case .failed: stage.map { "failed at \($0)" } ?? "failed"
        case .stopped: "stopped at \(stage ?? "a custom stage")"
        }
    }
}
