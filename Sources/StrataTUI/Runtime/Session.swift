import Foundation
import Strata
import StrataAppleStores

// Safe: the migrator and mode change only under `lock`; migrations run on one serial queue, reads on another.
/// The impure half of the UI: opens the store and plan, builds the first state, and performs effects off the
/// UI thread (migrations on one queue, reads on another), answering with actions in `inbox`. A SwiftData or
/// Core Data store opens read-only: its embedded model, its rows, diffs against the plan, nothing to run.
package final class Session: @unchecked Sendable {
    /// The Strata store's file (a private import, for a SwiftData / Core Data store imported at a plan version).
    package let storeURL: URL
    /// The file the user named, which errors name (the original of a private import).
    private let storeName: URL
    /// Actions from background work, for the UI thread to drain.
    package let inbox = ActionQueue()
    /// The state to start from, as the initializer built it.
    private var firstState: AppState
    /// The state to start from (`--read-only` never switching to APPLY).
    package var initialState: AppState {
        var state = firstState
        state.neverApply = readOnly
        state.planArguments = planArguments
        return state
    }
    private let plan: ValidatedPlan?
    private let schemas: [Schema]
    /// The SwiftData or Core Data store, when that is what was opened.
    private let apple: AppleStore?
    private let migrations = DispatchQueue(label: "strata.tui.migrations")
    private let reads = DispatchQueue(label: "strata.tui.reads")
    private let lock = NSLock()
    /// The migrator of the current mode (a private copy's in dry run); replaced after a cancel or mode change.
    private var migrator: Migrator?
    /// The current mode (guarded by `lock`: set on the migrations queue, read on the reads queue).
    private var runMode: RunMode = .dryRun
    /// True when the store was opened with `--read-only`: no migrator ever writes it.
    private let readOnly: Bool
    /// The plan as the command line named it, for the CLI line of what the UI does.
    private let planArguments: [String]

    /// Opens a store (Strata's, or SwiftData's / Core Data's read-only) with an optional plan; throws when the file
    /// is neither kind of store or the plan is invalid.
    /// `planName` is how the user names the plan (`--plan NAME`); the type's name by default.
    package convenience init(
        store url: URL, plan: (any SchemaMigrationPlan.Type)?, planName: String? = nil, width: Int = 80,
        height: Int = 24,
        options: RenderOptions = RenderOptions()
    ) throws {
        try self.init(
            store: url, validated: plan.map(ValidatedPlan.init),
            planName: planName ?? plan.map { String(describing: $0) },
            width: width, height: height, options: options)
    }

    /// Opens a store with a plan already checked (one read from an app's sources), shown as `planName`.
    package convenience init(
        store url: URL, validated plan: ValidatedPlan?, planName: String?, width: Int = 80, height: Int = 24,
        options: RenderOptions = RenderOptions()
    ) throws {
        try self.init(
            store: OpenedStore.open(url), validated: plan, planName: planName, width: width, height: height,
            options: options)
    }

    /// Opens a store already opened (not copied again): a private import is stepped as the Strata store it is, its
    /// dry runs' errors naming the user's file; otherwise as the initializer taking the store's URL does. With
    /// `readOnly` (`--read-only`) the store is never written: dry runs only, APPLY refused; `planArguments` are the
    /// plan's options as typed, for the CLI line of what the UI does.
    package init(
        store opened: OpenedStore, validated plan: ValidatedPlan?, planName: String?, width: Int = 80, height: Int = 24,
        options: RenderOptions = RenderOptions(), readOnly: Bool = false,
        planArguments: [String] = []
    ) throws {
        self.readOnly = readOnly
        self.planArguments = planArguments
        storeName = opened.url
        self.plan = plan
        let url: URL
        switch opened {
        case .strata(let file): url = file
        case .imported(let store): url = store.url
        case .apple(let store):
            storeURL = store.url
            let opening = AppleStoreOpening(
                store: store, plan: plan, planName: planName,
                width: width, height: height, options: options)
            apple = store
            schemas = opening.schemas
            firstState = opening.state
            _ = Reducer.reduce(
                &firstState,
                .planned(
                    stages: opening.stages, note: opening.note, mode: .readOnly,
                    storeAt: firstState.versions[0].version,
                    storeVersion: firstState.storeVersion))
            _ = Reducer.reduce(&firstState, browse())
            return
        }
        storeURL = url
        apple = nil
        let metadata = try StoreInspector(url: url).metadata()
        guard let plan else {
            schemas = [metadata.schema]
            firstState = AppState(
                width: width, height: height, options: options, storePath: url.path,
                storeVersion: metadata.version.label,
                planName: nil, schemas: schemas, storeIndex: 0, targetIndex: nil)
            _ = Reducer.reduce(&firstState, makeMigrator(.dryRun).1)
            _ = Reducer.reduce(&firstState, browse())
            return
        }
        // The store is at a plan version when its schema is that version's; a version number alone can be another plan's.
        let standing = PlanStanding(recorded: metadata, versions: plan.schemas)
        if let storeIndex = standing.equal {
            schemas = plan.schemas
            firstState = AppState(
                width: width, height: height, options: options, storePath: url.path,
                storeVersion: schemas[storeIndex].version.label,
                planName: planName, schemas: schemas, storeIndex: storeIndex, targetIndex: schemas.indices.last)
            let (migrator, planned) = makeMigrator(.dryRun)
            self.migrator = migrator
            _ = Reducer.reduce(&firstState, planned)
        } else {
            let mismatch = PlanMismatch(store: metadata, standing: standing, planName: planName ?? plan.name)
            schemas = mismatch.schemas
            firstState = mismatch.state(width: width, height: height, options: options, storePath: url.path)
            let history = ((try? StoreInspector(url: url).history()) ?? []).map(StageRow.init(history:))
            _ = Reducer.reduce(
                &firstState,
                .planned(
                    stages: history, note: mismatch.note, mode: .dryRun, storeAt: metadata.version,
                    storeVersion: firstState.storeVersion))
        }
        _ = Reducer.reduce(&firstState, browse())
    }

    /// The effects to start with (data counts of the first diff).
    package var initialEffects: [Effect] { [.loadFindings(from: initialState.diffFrom, to: initialState.diffTo)] }

    /// Starts the work an effect asks for; results arrive in `inbox`.
    package func perform(_ effect: Effect) {
        switch effect {
        case .run(let all): migrations.async { self.run(all: all) }
        case .cancel: current()?.cancel()
        case .switchMode(let mode):
            if mode == .apply && readOnly { return }
            migrations.async {
                self.replace(with: nil)
                let (migrator, planned) = self.makeMigrator(mode)
                self.replace(with: migrator)
                self.inbox.post(planned)
                self.inbox.post(self.browse())
            }
        case .loadRows(let entity, let offset, let limit, let filter):
            reads.async { self.inbox.post(self.rows(entity: entity, offset: offset, limit: limit, filter: filter)) }
        case .loadChanges(let entity, let kind, let offset, let limit):
            reads.async { self.inbox.post(self.changes(entity: entity, kind: kind, offset: offset, limit: limit)) }
        case .loadFindings(let from, let to):
            reads.async { self.inbox.post(self.findings(from: from, to: to)) }
        case .export(let name, let markdown):
            reads.async { self.inbox.post(self.export(name: name, markdown: markdown)) }
        case .quit, .copy: break
        }
    }

    /// Cancels any running stage and waits for its rollback and for pending reads.
    package func shutdown() {
        current()?.cancel()
        migrations.sync {}
        reads.sync {}
        replace(with: nil)
    }

    // MARK: - Migrations (on `migrations`)

    private func run(all: Bool) {
        guard apple == nil else {
            inbox.post(.runEnded(.refused(.appleStore)))
            return
        }
        // After a cancel the same migrator goes on from where the rollback left its file: the run's history (stages
        // completed, the dry run's copy and the rows recorded since the store's version) stays one value.
        let migrator = current()
        if migrator?.cancellation.isCancelled == true { migrator?.resumeAfterCancel() }
        guard let migrator else {
            inbox.post(.runEnded(.refused(.noPlan)))
            return
        }
        let run = migrator.runStages(
            limit: all ? .max : 1,
            each: { [inbox] _, outcome in
                if case .success(let report) = outcome { inbox.post(.stageReported(report)) }
            }, onEvent: { [inbox] in inbox.post(.migration($0)) })
        let end: RunEnd =
            if let failure = run.failure.map({ MigrationFailure($0.error) }) {
                failure.isCancellation ? .cancelled : .failed(failure)
            } else if let notRun = run.notRun {
                .notRun(notRun)
            } else {
                .completed
            }
        // The re-plan and the browser's new counts go first, so that "Done" never shows beside stale panes.
        if mode == .apply { inbox.post(makeMigrator(.apply).1) }
        inbox.post(browse())
        inbox.post(.runEnded(end))
    }

    /// How the store's recorded version is named: as the plan's version it is (its name, for a Core Data model's
    /// version), the store's metadata recording only the number.
    private func storeLabel(_ version: Schema.Version?) -> String { (plan?.named(version) ?? version).label }

    /// A migrator for a mode (dry run: on a private copy of the store, its errors naming the user's file) and the
    /// stages it plans.
    private func makeMigrator(_ mode: RunMode) -> (Migrator?, Action) {
        lock.lock()
        runMode = mode
        lock.unlock()
        let inspector = StoreInspector(url: storeURL)
        let recorded = (try? inspector.version()) ?? nil
        let version = storeLabel(recorded)
        let history = ((try? inspector.history()) ?? []).map(StageRow.init(history:))
        guard let plan else {
            return (
                nil,
                .planned(
                    stages: history,
                    note: history.isEmpty
                        ? "No plan given and no recorded history. Pass --plan NAME to plan stages." : nil, mode: mode,
                    storeAt: recorded, storeVersion: version)
            )
        }
        do {
            let migrator =
                mode == .dryRun
                ? try Migrator.onPrivateCopy(of: storeURL, validated: plan, named: storeName)
                : try Migrator(store: storeURL, validated: plan)
            // A dry run records what each stage does to the rows, for the Progress log and `c`.
            if mode == .dryRun { try migrator.recordRowChanges(RowChangeOptions(sampleLimit: 0)) }
            let note =
                migrator.pending.isEmpty
                ? "The store is at the target version \(migrator.target.version.label)." : nil
            return (
                migrator,
                .planned(
                    stages: history + migrator.pending.map(StageRow.init(planned:)), note: note, mode: mode,
                    storeAt: recorded, storeVersion: version)
            )
        } catch {
            return (
                nil,
                .planned(
                    stages: history, note: "Cannot plan a migration: \(error)", mode: mode, storeAt: recorded,
                    storeVersion: version)
            )
        }
    }

    private var mode: RunMode {
        lock.lock()
        defer { lock.unlock() }
        return runMode
    }

    private func current() -> Migrator? {
        lock.lock()
        defer { lock.unlock() }
        return migrator
    }

    private func replace(with migrator: Migrator?) {
        lock.lock()
        self.migrator = migrator
        lock.unlock()
    }

    /// Writes an export into a new file of the current folder (`strata-diff-1.0.0-3.0.0.md`, `-2` and on when taken).
    private func export(name: String, markdown: String) -> Action {
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for number in 1...100 {
            let file = folder.appendingPathComponent(number == 1 ? "\(name).md" : "\(name)-\(number).md")
            guard !FileManager.default.fileExists(atPath: file.path) else { continue }
            do {
                try Data(markdown.utf8).write(to: file, options: .withoutOverwriting)
                return .exported(path: file.path)
            } catch {
                return .failed(.exporting(file: file.path, error: error))
            }
        }
        return .failed(.exportNamesTaken(name: name, folder: folder.path))
    }

    // MARK: - Reads (on `reads`)

    /// The store the browser shows: an Apple store as opened; a Strata store's private copy in dry run (read in
    /// place: it is the session's own), the store otherwise (read without touching its files).
    private func browsed() -> BrowsedStore {
        if let apple { return .apple(apple) }
        if mode == .dryRun, let migrator = current() {
            return .strata(StoreInspector(url: migrator.storeURL, inPlace: true), label: "private copy")
        }
        return .strata(StoreInspector(url: storeURL), label: "store")
    }

    /// How errors name what was read: the user's file, or the private copy of it.
    private func named(_ store: BrowsedStore) -> String {
        if case .strata(let inspector, let label) = store, inspector.url != storeURL {
            return "the \(label) of \(storeName.path)"
        }
        return storeName.path
    }

    private func browse() -> Action {
        let store = browsed()
        do {
            // A dry run's private copy is its migrator's file: counted through the migrator's connection.
            let summary = try store.summary(in: plan, countedBy: mode == .dryRun ? current() : nil)
            return .browsed(source: store.label, version: summary.version, entities: summary.entities)
        } catch {
            return .failed(.reading(store: named(store), error: error))
        }
    }

    private func rows(entity: String, offset: Int, limit: Int, filter: [RowFilter]) -> Action {
        do {
            let page = try browsed().rows(of: entity, offset: offset, limit: limit, filter: filter)
            var rows = RowsPage(entity: entity, offset: offset, filter: filter)
            (rows.columns, rows.rows, rows.total, rows.notes) = (page.columns, page.rows, page.total, page.notes)
            return .rowsLoaded(rows)
        } catch let error as RowFilterError {
            return .rowsFailed(entity: entity, .filter(error))
        } catch let error as AppleStoreError {
            guard case .invalidFilter = error else { return .rowsFailed(entity: entity, .store(error)) }
            return .rowsFailed(entity: entity, .filter(error))
        } catch {
            return .failed(.readingRows(entity: entity, error: error))
        }
    }

    /// A page of an entity's rows as changes since the store's version, recorded by the dry run's migrator.
    private func changes(entity: String, kind: RowChangeKind?, offset: Int, limit: Int) -> Action {
        guard let recorder = current()?.rowRecorder else {
            return .rowsFailed(entity: entity, .changesNeedADryRun)
        }
        do {
            guard let counts = try recorder.changesSinceStore(of: entity) else {
                return .rowsFailed(entity: entity, .noStageRunYet)
            }
            let samples = try recorder.page(of: entity, kind: kind, counts: counts, offset: offset, limit: limit)
            return .changesLoaded(
                RecordedChanges(
                    entity: entity, kind: kind, offset: offset,
                    since: recorder.baselineVersion ?? initialState.storeVersion, counts: counts,
                    properties: recorder.properties(of: entity), samples: samples))
        } catch {
            return .failed(.readingChanges(entity: entity, error: error))
        }
    }

    private func findings(from: Int, to: Int) -> Action {
        guard plan != nil, schemas.indices.contains(from), schemas.indices.contains(to) else {
            return .findingsLoaded(from: from, to: to, [], note: nil)
        }
        guard case .strata(let inspector, let label) = browsed() else {
            return .findingsLoaded(
                from: from, to: to, [],
                note: "Data counts need a Strata store: strata import this store into one, then open it with the plan.")
        }
        do {
            let metadata = try inspector.metadata()
            let version = metadata.version
            guard metadata.fingerprint == schemas[from].fingerprint else {
                return .findingsLoaded(
                    from: from, to: to, [],
                    note:
                        "Data counts appear for diffs from the \(label)'s own schema (\(storeLabel(version)))."
                )
            }
            // Each step is counted on the data as it is now; a step whose checks need columns only an earlier
            // stage makes has none until that stage has run.
            let steps = initialState.diffPath(from: from, to: to)
            let found = steps.flatMap { step in
                (try? inspector.findings(for: SchemaDiff(from: schemas[step.from], to: schemas[step.to]))) ?? []
            }
            return .findingsLoaded(
                from: from, to: to, found,
                note: "Data counts from the \(label) at \(storeLabel(version)).")
        } catch {
            return .findingsLoaded(from: from, to: to, [], note: "No data counts: \(error)")
        }
    }
}
