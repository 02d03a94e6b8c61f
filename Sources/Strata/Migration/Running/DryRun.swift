import Foundation

/// What a dry run found: each stage's report and the outcome a real run would have.
public struct DryRunReport: Sendable {
    /// The version the store is at (nil: an unversioned store).
    public let storeVersion: Schema.Version?
    /// The version the plan leads to.
    public let targetVersion: Schema.Version?
    /// A report per stage that ran on the copy (the failing one included).
    public let stages: [StageReport]
    /// nil when every stage succeeded; otherwise the failing stage's error.
    public let failure: MigrationFailure?
    /// Why the run stopped before a custom stage without code (``MigrationError/stageWithoutCode(stage:reason:)``),
    /// if it did.
    public let notRun: MigrationError?

    /// True when a real run would succeed.
    public var succeeded: Bool { failure == nil && notRun == nil }
}

extension Migrator {
    /// Runs the whole path on a private copy of the store (the file, its -wal and -shm copied byte for byte),
    /// never writing the original, and reports what each stage did and found (with `rows`, what it did to the rows).
    public static func dryRun(
        store url: URL, plan: any SchemaMigrationPlan.Type, to version: Schema.Version? = nil,
        refusingDataLoss: Bool = false, rows: RowChangeOptions? = nil, onEvent: ((MigrationEvent) -> Void)? = nil
    ) throws -> DryRunReport {
        try dryRun(
            store: url, validated: ValidatedPlan(plan), to: version, refusingDataLoss: refusingDataLoss, rows: rows,
            onEvent: onEvent)
    }

    /// Runs the whole path of a plan already checked (one read from an app's sources) on a private copy, as
    /// ``dryRun(store:plan:to:refusingDataLoss:rows:onEvent:)`` does; a custom stage without code stops it, saying
    /// why in ``DryRunReport/notRun``.
    public static func dryRun(
        store url: URL, validated plan: ValidatedPlan, to version: Schema.Version? = nil,
        refusingDataLoss: Bool = false, rows: RowChangeOptions? = nil, onEvent: ((MigrationEvent) -> Void)? = nil
    ) throws -> DryRunReport {
        let migrator = try Migrator.onPrivateCopy(
            of: url, validated: plan, to: version, refusingDataLoss: refusingDataLoss)
        if let rows { try migrator.recordRowChanges(rows) }
        let from = migrator.current.version
        let to = migrator.target.version
        var reports: [StageReport] = []
        let run = migrator.runStages(
            each: { stage, outcome in
                switch outcome {
                case .success(let report): reports.append(report)
                case .failure(let error):
                    reports.append(
                        StageReport(
                            stage: stage.id, kind: stage.kind, changes: stage.diff.changes, steps: stage.steps,
                            rows: 0, duration: 0, findings: (try? migrator.findings(of: stage)) ?? [],
                            failure: MigrationFailure(error)))
                }
            }, onEvent: onEvent)
        return DryRunReport(
            storeVersion: from, targetVersion: to, stages: reports,
            failure: run.failure.map { MigrationFailure($0.error) },
            notRun: run.notRun)
    }
}

/// A copy of a store's file with its -wal and -shm in a fresh temporary directory.
public struct PrivateCopy: Sendable {
    /// The copied store file.
    public let url: URL
    /// Where a dry run's stages write the side files they put in Application Support and its kin (see
    /// ``StageDirectories``), removed with the copy.
    public var sideFiles: URL { directory.appendingPathComponent("side-files", isDirectory: true) }
    private let directory: URL

    /// Copies the file at `original` and its -wal and -shm (where present) byte for byte, the copies readable and
    /// writable by their owner whatever the originals' modes; never writes the originals.
    public init(of original: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: original.path) else {
            throw StrataError.missingStore(original.path)
        }
        directory = manager.temporaryDirectory.appendingPathComponent("strata-copy-\(UUID().uuidString)")
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(original.lastPathComponent)
        for suffix in ["", "-wal", "-shm"] {
            let source = URL(fileURLWithPath: original.path + suffix)
            if manager.fileExists(atPath: source.path) {
                let copied = URL(fileURLWithPath: url.path + suffix)
                try manager.copyItem(at: source, to: copied)
                // The copy is the user's own to write, whatever the original's mode (a store made read-only with
                // `chmod a-w` still dry-runs).
                let mode = (try? manager.attributesOfItem(atPath: copied.path)[.posixPermissions] as? Int) ?? 0
                try manager.setAttributes([.posixPermissions: mode | 0o600], ofItemAtPath: copied.path)
            }
        }
    }

    /// Deletes the copy.
    public func remove() { try? FileManager.default.removeItem(at: directory) }
}
