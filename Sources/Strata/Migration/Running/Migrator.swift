import Foundation
internal import GRDB

// Safe: the mutable state is read and written only under `lock`; stages run one at a time under `stepping`.
/// Steps a store through a plan one stage at a time, reporting events: the engine behind tools and UIs.
///
/// ```swift
/// let migrator = try Migrator(store: url, plan: BookMigrationPlan.self)
/// migrator.onEvent = { event in print(event) }
/// while let report = try migrator.runNextStage() { print(report.title, report.rows) }
/// ```
///
/// Threading: a migrator may be shared between threads. Stages run one at a time: a thread that steps it
/// (``runNextStage()``, ``runStages(limit:each:onEvent:)``, ``run(to:)``, ``runAll()``) while another's stage runs waits
/// for that stage to end, then runs the next one, so two threads never run the same stage. ``current``,
/// ``pending``, ``nextStage``, ``onEvent`` and ``rowRecorder`` can be read and set from any thread,
/// and ``cancel()`` stops the running stage from any thread. `onEvent` is called on the thread running the stage;
/// stepping the migrator from inside it waits forever.
public final class Migrator: @unchecked Sendable {
    /// The store's file (a private copy's, for a migrator on one).
    public let storeURL: URL
    /// The store every error names: the file the user named (the original, for a migrator on a private copy).
    let storeName: String
    /// The validated plan.
    public let plan: ValidatedPlan
    /// The version the migrator leads to.
    public let target: Schema
    /// Cancels the running stage (it rolls back).
    public let cancellation = MigrationCancellation()
    let store: StoreConnection
    /// Held while a stage runs: stages run one at a time.
    private let stepping = NSLock()
    /// Guards `state`, briefly (never while a stage runs).
    private let lock = NSLock()
    /// Everything that changes as stages run or callers configure the migrator (guarded by `lock`).
    private var state: State

    /// The migrator's mutable state.
    private struct State {
        var current: Schema
        var pending: [PlannedStage]
        var completed = 0
        var onEvent: ((MigrationEvent) -> Void)?
        var rowRecorder: RowChangeRecorder?
        var copy: PrivateCopy?
    }

    /// Reads or changes the state under the lock.
    private func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// The plan's version the store is at now.
    public var current: Schema { withState { $0.current } }
    /// The stages still to run, in order.
    public var pending: [PlannedStage] { withState { $0.pending } }
    /// Called for every event, on the thread that runs the stage.
    public var onEvent: ((MigrationEvent) -> Void)? {
        get { withState { $0.onEvent } }
        set { withState { $0.onEvent = newValue } }
    }
    /// Records what each stage does to the rows, once ``recordRowChanges(_:)`` was called.
    public internal(set) var rowRecorder: RowChangeRecorder? {
        get { withState { $0.rowRecorder } }
        set { withState { $0.rowRecorder = newValue } }
    }
    /// The private copy a dry-run migrator works on, removed with the migrator.
    private var copy: PrivateCopy? {
        get { withState { $0.copy } }
        set { withState { $0.copy = newValue } }
    }

    deinit { state.copy?.remove() }

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
        let metadata: StoreMetadata
        switch try StoreProbe.inspect(url, named: name) {
        case .store(let found): metadata = found
        case .missing: throw StrataError.missingStore(name)
        case .empty:
            throw StrataError.notAStore(
                path: name, reason: "it is an empty SQLite database (no tables yet), so there is nothing to migrate")
        }
        let path = MigrationPath(
            schemas: validated.schemas, stages: validated.stages, store: name, plan: validated.name)
        let current = try path.locate(metadata)
        let pending = try path.stages(from: current, to: target)
        if !pending.isEmpty { try metadata.requireOnlyRecordedColumns(store: name) }
        let store = try StoreConnection.open(ModelConfiguration(url: url), single: true, named: name)
        self.storeURL = url
        self.storeName = name
        self.plan = validated
        self.target = target
        self.state = State(current: current, pending: pending)
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
    public var nextStage: PlannedStage? { withState { $0.pending.first } }

    /// Runs the next stage; nil when the store is at the target. Waits while another thread's stage runs.
    ///
    /// - Throws: `MigrationError.stageWithoutCode` before a custom stage without code (``PlannedStage/lacksCode``),
    ///   touching nothing; the stage's error when it fails (it rolled back).
    @discardableResult
    public func runNextStage() throws -> StageReport? {
        try step()?.outcome.get()
    }

    /// Runs the next stage, if any, and says which it was with its report or error (the stage is taken and run
    /// under `stepping`, so a concurrent caller's stage is never reported as this one's); its events go to
    /// ``onEvent`` and to `run`'s listener.
    func step(
        events run: ((MigrationEvent) -> Void)? = nil
    ) -> (stage: PlannedStage, outcome: Result<StageReport, any Error>)? {
        stepping.lock()
        defer { stepping.unlock() }
        let (next, index, count, sideFiles) = withState {
            ($0.pending.first, $0.completed, $0.completed + $0.pending.count, $0.copy?.sideFiles)
        }
        guard let stage = next else { return nil }
        return (
            stage,
            Result { try self.run(stage, index: index, count: count, sideFiles: sideFiles, events: run) }
        )
    }

    /// Runs `stage`, the next one (with `stepping` held), and moves the migrator past it when it succeeds; each event
    /// goes to ``onEvent``, then to `events`, the run's own listener.
    private func run(
        _ stage: PlannedStage, index: Int, count: Int, sideFiles: URL?, events: ((MigrationEvent) -> Void)?
    ) throws -> StageReport {
        if let reason = stage.impossible { throw MigrationError.stepImpossible(stage: stage.id, reason: reason) }
        guard !stage.lacksCode else {
            throw MigrationError.stageWithoutCode(stage: stage.id, reason: stage.whyNotRun)
        }
        let findings = try self.findings(of: stage)
        let tell: (MigrationEvent) -> Void = { [weak self] event in
            self?.onEvent?(event)
            events?(event)
        }
        let container = ModelContainer(openStore: store, schema: stage.to, migrationPlan: nil)
        let runner = StageRunner(
            store: store, container: container, observer: tell,
            cancellation: cancellation)
        let report = try StageDirectories.redirecting(
            to: sideFiles,
            written: { files in files.forEach { tell(.sideFile(stage: stage.id, path: $0)) } },
            run: {
                try recordingRows(of: stage) {
                    try runner.run(stage, index: index, count: count, findings: findings)
                }
            })
        withState {
            $0.pending.removeFirst()
            $0.current = stage.to
            $0.completed += 1
        }
        return report
    }

    /// The data-dependent findings of a stage against the store as it is now; values a removed property holds are no
    /// loss when the stage's mapped values carry them into another property (a Core Data mapping model's
    /// `$source.shelf` into `place`).
    public func findings(of stage: PlannedStage) throws -> [DataFinding] {
        try store.read("inspecting the data") { db in try DataFinding.compute(stage.diff, in: db) }
            .filter { !stage.carries($0) }
    }

    /// The version the store is at and each of its entities with its row count, as ``StoreInspector/census()`` reads
    /// them, through the migrator's own connection instead of opening the file again (a UI's counts after a run).
    /// Waits while a stage runs.
    public func census() throws -> (version: Schema.Version?, rows: [(entity: String, rows: Int)]) {
        stepping.lock()
        defer { stepping.unlock() }
        let schema = current
        return (schema.version, try store.read("counting rows") { try StoreInspector.rowCounts(of: schema, in: $0) })
    }

    /// Runs stages until the store is at `version` (which must be on the path).
    public func run(to version: Schema.Version) throws -> [StageReport] {
        guard current.version == version || pending.contains(where: { $0.to.version == version }) else {
            throw MigrationError.noPath(
                store: storeName, from: current.version, to: version,
                reasons: ["\(version) is not on the path to \(target.version.label)"])
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

    /// Lets the migrator run again after a cancelled stage rolled back: the cancel is cleared and everything else is
    /// kept (the stages completed, so the next is still "2 of 2"; the private copy; the row recorder's baseline).
    /// Call it while no stage runs; a cancel during a later stage stops that one.
    public func resumeAfterCancel() {
        stepping.lock()
        defer { stepping.unlock() }
        cancellation.reset()
    }

    /// Copies the store, with SQLite's backup API, to a new file.
    public func backup(to url: URL) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw StrataError.database(
                store: storeName, operation: "backing up", code: .cannotOpen,
                message: "\(url.path) already exists; choose a new path")
        }
        do {
            let destination = try DatabaseQueue(path: url.path)
            try store.writer.backup(to: destination)
        } catch {
            throw StrataError.wrap(error, store: storeName, operation: "backing up to \(url.path)")
        }
    }
}
