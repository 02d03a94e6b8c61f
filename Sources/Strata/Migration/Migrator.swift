import Foundation
import GRDB

/// Steps a store through a plan one stage at a time, reporting events: the engine behind tools and UIs.
///
/// ```swift
/// let migrator = try Migrator(store: url, plan: BookMigrationPlan.self)
/// migrator.onEvent = { event in print(event) }
/// while let report = try migrator.runNextStage() { print(report.title, report.rows) }
/// ```
public final class Migrator: @unchecked Sendable {
    /// The store's file (a private copy's, for a migrator on one).
    public let storeURL: URL
    /// The store every error names: the file the user named (the original, for a migrator on a private copy).
    let storeName: String
    /// The validated plan.
    public let plan: ValidatedPlan
    /// The version the migrator leads to.
    public let target: Schema
    /// The plan's version the store is at now.
    public private(set) var current: Schema
    /// The stages still to run, in order.
    public private(set) var pending: [PlannedStage]
    /// Called for every event, on the thread that runs the stage.
    public var onEvent: ((MigrationEvent) -> Void)?
    /// Cancels the running stage (it rolls back).
    public let cancellation = MigrationCancellation()
    let store: StoreConnection
    private var completed = 0
    /// Records what each stage does to the rows, once ``recordRowChanges(_:)`` was called.
    public internal(set) var rowRecorder: RowChangeRecorder?
    /// The private copy a dry-run migrator works on, removed with the migrator.
    private var copy: PrivateCopy?

    deinit { copy?.remove() }

    /// A migrator over a private copy of the store (its file, -wal and -shm copied byte for byte): stepping it
    /// shows what each stage would do while the original is never written. `storeURL` is the copy's path.
    public static func onPrivateCopy(
        of url: URL, plan: any SchemaMigrationPlan.Type, to version: Schema.Version? = nil,
        refusingDataLoss: Bool = false
    ) throws -> Migrator {
        try onPrivateCopy(of: url, validated: ValidatedPlan(plan), to: version, refusingDataLoss: refusingDataLoss)
    }

    /// A migrator over a private copy of the store for a plan already checked (one read from an app's sources).
    /// Its errors name `original` (`url` by default): the file the user named, when `url` is already a private
    /// stand-in for it (a SwiftData store imported into a temporary Strata store).
    public static func onPrivateCopy(
        of url: URL, validated plan: ValidatedPlan, to version: Schema.Version? = nil, refusingDataLoss: Bool = false,
        named original: URL? = nil
    ) throws -> Migrator {
        let copy = try PrivateCopy(of: url)
        do {
            let migrator = try Migrator(
                store: copy.url, validated: plan, to: version, refusingDataLoss: refusingDataLoss,
                named: (original ?? url).path)
            migrator.copy = copy
            // Nothing needs the copy to survive a power cut: commits skip fsync (the original's are untouched).
            try migrator.store.writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = OFF") }
            return migrator
        } catch {
            copy.remove()
            throw error
        }
    }

    /// Opens a store and plans the path to `version` (the plan's newest version when nil).
    ///
    /// - Parameters:
    ///   - url: The store's file.
    ///   - plan: The migration plan; it is validated first.
    ///   - version: The version to lead to; the plan's newest when nil.
    ///   - refusingDataLoss: Strict mode, off by default as in SwiftData: refuse, before anything runs, a path
    ///     whose lightweight or inferred stages remove data (the first stage's removals are counted in the store,
    ///     so removing an always-empty attribute passes; a later stage's removals are refused as they are).
    /// - Throws: `MigrationError.dataLossRefused` in strict mode, and the refusals of an invalid plan, an
    ///   unknown or modified store version, or a missing path; the store is not written.
    public convenience init(
        store url: URL, plan: any SchemaMigrationPlan.Type, to version: Schema.Version? = nil,
        refusingDataLoss: Bool = false
    ) throws {
        try self.init(store: url, validated: ValidatedPlan(plan), to: version, refusingDataLoss: refusingDataLoss)
    }

    /// Opens a store and plans the path to `version` with a plan already checked (one read from an app's sources);
    /// `refusingDataLoss` is strict mode, as in ``init(store:plan:to:refusingDataLoss:)``.
    public convenience init(
        store url: URL, validated: ValidatedPlan, to version: Schema.Version? = nil, refusingDataLoss: Bool = false
    ) throws {
        try self.init(
            store: url, validated: validated, to: version, refusingDataLoss: refusingDataLoss, named: url.path)
    }

    /// Opens the store at `url` as ``init(store:validated:to:refusingDataLoss:)`` does, with every error naming
    /// `name` (the user's file when `url` is a private copy of it).
    init(
        store url: URL, validated: ValidatedPlan, to version: Schema.Version?, refusingDataLoss: Bool,
        named name: String
    ) throws {
        let wanted = version.map { validated.schema($0) } ?? validated.schemas.last
        guard let target = wanted ?? nil else {
            throw MigrationError.invalidPlan(["the plan has no version \(version?.description ?? "")"])
        }
        guard case .store(let metadata) = try StoreProbe.inspect(url) else {
            throw StrataError.notAStore(path: name, reason: "it does not exist or holds no Strata store")
        }
        let path = MigrationPath(schemas: validated.schemas, stages: validated.stages, store: name)
        let current = try path.locate(metadata)
        let pending = try path.stages(from: current, to: target)
        if !pending.isEmpty { try metadata.requireOnlyRecordedColumns(store: name) }
        let store = try StoreConnection.open(ModelConfiguration(url: url), single: true, named: name)
        self.storeURL = url
        self.storeName = name
        self.plan = validated
        self.target = target
        self.current = current
        self.pending = pending
        self.store = store
        if refusingDataLoss { try requireNoDataLoss() }
    }

    /// Throws `dataLossRefused` when a pending lightweight or inferred stage would remove data.
    private func requireNoDataLoss() throws {
        var losses: [String] = []
        for (index, stage) in pending.enumerated() where stage.kind != .custom {
            if index == 0 {
                losses += try findings(of: stage).filter(\.isLoss).map { "\(stage.title): \($0)" }
            } else {
                losses += stage.diff.destructiveChanges.map { "\(stage.title): \($0) (\($0.classification))" }
            }
        }
        guard losses.isEmpty else { throw MigrationError.dataLossRefused(store: storeName, losses: losses) }
    }

    /// The stage that would run next.
    public var nextStage: PlannedStage? { pending.first }

    /// Runs the next stage; nil when the store is at the target.
    @discardableResult
    public func runNextStage() throws -> StageReport? {
        guard let stage = pending.first else { return nil }
        let findings = try self.findings(of: stage)
        let container = ModelContainer(openStore: store, schema: stage.to, migrationPlan: nil)
        let runner = StageRunner(
            store: store, container: container, observer: { [weak self] in self?.onEvent?($0) },
            cancellation: cancellation)
        let report = try StageDirectories.redirecting(
            to: copy?.sideFiles,
            written: { files in files.forEach { onEvent?(.sideFile(stage: stage.id, path: $0)) } },
            run: {
                try recordingRows(of: stage) {
                    try runner.run(stage, index: completed, count: completed + pending.count, findings: findings)
                }
            })
        pending.removeFirst()
        current = stage.to
        completed += 1
        return report
    }

    /// The data-dependent findings of a stage against the store as it is now.
    public func findings(of stage: PlannedStage) throws -> [DataFinding] {
        try store.read("inspecting the data") { db in try DataFinding.compute(stage.diff, in: db) }
    }

    /// Runs stages until the store is at `version` (which must be on the path).
    public func run(to version: Schema.Version) throws -> [StageReport] {
        guard current.version == version || pending.contains(where: { $0.to.version == version }) else {
            throw MigrationError.noPath(
                store: storeName, from: current.version?.description ?? "?", to: version.description,
                reasons: ["\(version) is not on the path to \(target.version?.description ?? "?")"])
        }
        var reports: [StageReport] = []
        while current.version != version, let report = try runNextStage() { reports.append(report) }
        return reports
    }

    /// Runs every pending stage.
    public func runAll() throws -> [StageReport] {
        var reports: [StageReport] = []
        while let report = try runNextStage() { reports.append(report) }
        return reports
    }

    /// Asks the running stage to stop and roll back.
    public func cancel() { cancellation.cancel() }

    /// Copies the store, with SQLite's backup API, to a new file.
    public func backup(to url: URL) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw StrataError.database(
                store: storeName, operation: "backing up", message: "\(url.path) already exists; choose a new path")
        }
        do {
            let destination = try DatabaseQueue(path: url.path)
            try store.writer.backup(to: destination)
        } catch {
            throw StrataError.wrap(error, store: storeName, operation: "backing up to \(url.path)")
        }
    }
}
