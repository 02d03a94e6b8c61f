import Foundation

/// What a dry run found: each stage's report and the outcome a real run would have.
public struct DryRunReport: Sendable {
    /// The version the store is at.
    public let storeVersion: String
    /// The version the plan leads to.
    public let targetVersion: String
    /// A report per stage that ran on the copy (the failing one included).
    public let stages: [StageReport]
    /// nil when every stage succeeded; otherwise the failing stage's error.
    public let failure: String?

    /// True when a real run would succeed.
    public var succeeded: Bool { failure == nil }
}

extension Migrator {
    /// Runs the whole path on a private copy of the store (the file, its -wal and -shm copied byte for byte),
    /// never writing the original, and reports what each stage did and found (with `rows`, what it did to the rows).
    public static func dryRun(
        store url: URL, plan: any SchemaMigrationPlan.Type, to version: Schema.Version? = nil,
        refusingDataLoss: Bool = false, rows: RowChangeOptions? = nil, onEvent: ((MigrationEvent) -> Void)? = nil
    ) throws -> DryRunReport {
        let migrator = try Migrator.onPrivateCopy(of: url, plan: plan, to: version, refusingDataLoss: refusingDataLoss)
        if let rows { try migrator.recordRowChanges(rows) }
        migrator.onEvent = onEvent
        var reports: [StageReport] = []
        let from = migrator.current.version?.description ?? "unversioned"
        let to = migrator.target.version?.description ?? "unversioned"
        while let stage = migrator.nextStage {
            do {
                guard let report = try migrator.runNextStage() else { break }
                reports.append(report)
            } catch {
                reports.append(
                    StageReport(
                        stage: stage.id, kind: stage.kind, changes: stage.diff.changes,
                        steps: stage.steps,
                        rows: 0, duration: 0, findings: (try? migrator.findings(of: stage)) ?? [], failure: "\(error)"))
                return DryRunReport(storeVersion: from, targetVersion: to, stages: reports, failure: "\(error)")
            }
        }
        return DryRunReport(storeVersion: from, targetVersion: to, stages: reports, failure: nil)
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

    /// Copies the file at `original` and its -wal and -shm (where present) byte for byte; never writes them.
    public init(of original: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: original.path) else {
            throw StrataError.notAStore(path: original.path, reason: "the file does not exist")
        }
        directory = manager.temporaryDirectory.appendingPathComponent("strata-copy-\(UUID().uuidString)")
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(original.lastPathComponent)
        for suffix in ["", "-wal", "-shm"] {
            let source = URL(fileURLWithPath: original.path + suffix)
            if manager.fileExists(atPath: source.path) {
                try manager.copyItem(at: source, to: URL(fileURLWithPath: url.path + suffix))
            }
        }
    }

    /// Deletes the copy.
    public func remove() { try? FileManager.default.removeItem(at: directory) }
}
