import ArgumentParser
import Foundation
import Strata
import StrataAppleStores

/// `strata migrate <store> --plan NAME [--to V] [--dry-run] [--step] [--backup PATH] [--yes]`: runs or dry-runs the path.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Run (or dry-run) the migration path of a store, one transaction per stage.",
        discussion: """
            On a terminal each stage shows a progress bar; otherwise one line is printed per event. A real run \
            asks for confirmation on a terminal unless --yes is given; without a terminal it needs --yes. \
            --dry-run runs every stage on a private copy and never writes the store, its -wal or its -shm; a \
            SwiftData or Core Data store (from a device) is imported privately at the plan version its model \
            equals and the stages run on its real rows. \
            A failed stage rolls back and leaves the store at the version before it; the command then exits 1 \
            (3 when the store itself failed: locked, read-only, disk full).

            Examples:
              strata migrate Books.store --plan bookshelf --dry-run
              strata migrate Books.store --plan bookshelf --step --backup Books-before.store
              strata migrate Books.store --plan bookshelf --to 3.0.0 --yes --json
              strata migrate Books.store --plan bookshelf --dry-run --refuse-data-loss
              strata migrate default.store --sources MyApp/Sources --dry-run
              strata migrate Books.store --plan bookshelf --dry-run --rows Book --limit 3
            """)

    @OptionGroup var file: StoreFile

    @OptionGroup var plan: PlanTargetOptions

    @Flag(help: "Run the stages on a private copy; the store is not written.")
    var dryRun = false

    @Flag(help: "Run only the next stage, then stop.")
    var step = false

    @Option(help: ArgumentHelp("Back the store up to this new file before migrating.", valueName: "path"))
    var backup: String?

    @Flag(
        help: ArgumentHelp(
            "Strict mode: refuse, before anything runs, when a lightweight or inferred stage would remove data.",
            discussion: "Off by default: as in SwiftData, a removal drops its data (listed as findings and warnings)."))
    var refuseDataLoss = false

    @Option(
        name: .customLong("rows"), defaultAsFlag: "", parsing: .next,
        help: ArgumentHelp(
            "With --dry-run, show what each stage does to the rows (of ENTITY only, when given).",
            discussion:
                "Per entity: rows inserted, deleted, changed and unchanged, values changed, dropped and filled, and sample rows before and after.",
            valueName: "entity"))
    var rows: String? = nil

    @Option(help: ArgumentHelp("Sample rows per entity and stage with --rows.", valueName: "n"))
    var limit = 5

    @Flag(help: "Migrate without asking for confirmation (needed when not on a terminal).")
    var yes = false

    @OptionGroup var output: ReportOptions

    func validate() throws {
        if dryRun && backup != nil {
            throw ValidationError("--backup is for real runs; a dry run never writes the store")
        }
        if rows != nil && !dryRun {
            throw ValidationError("--rows shows what a dry run does to the rows: add --dry-run")
        }
        if limit < 0 { throw ValidationError("--limit must be 0 or more (it was \(limit))") }
        if plan.source.sources != nil && !dryRun && plan.source.staysStatic {
            throw ValidationError(
                "--static reads the plan without compiling its custom stages, so it only dry-runs: add --dry-run, or leave out --static (and STRATA_STATIC) to build the app's code and run it"
            )
        }
    }

    func run() throws {
        let target = try plan.resolve(compiling: dryRun ? .forCustomStages : .always, dryRun: dryRun)
        if !dryRun, target.resolved.source != nil {
            // Still here: the compiled level could not take the command over.
            throw CommandFailure.findings(
                "a real run from --sources needs the app's code built, and \(target.resolved.notRunReason); the store was not changed (try --dry-run)"
            )
        }
        let url = try dryRun ? file.url() : StoreArgument.strataStoreToWrite(file.url())
        if !dryRun && !yes { try confirm(url: url, to: target.version, plan: target.plan) }
        // A dry run opens the store once (a SwiftData / Core Data store is imported from that one private copy).
        let dryRunStore =
            dryRun
            ? try CoreDataStoreReport.imported(
                StoreArgument.openForPlanning(url), target: target, json: output.chosen == .json) : nil
        let store = dryRunStore?.0
        defer { store?.remove() }
        if output.chosen == .text { dryRunStore?.1?.textLines(style: .standardOutput).forEach { Console.out($0) } }
        let migrator =
            try store?.migratorOnPrivateCopy(
                validated: target.plan, to: target.version, refusingDataLoss: refuseDataLoss)
            ?? Migrator(store: url, validated: target.plan, to: target.version, refusingDataLoss: refuseDataLoss)
        let from = migrator.current.version.label
        let goal = migrator.target.version.label
        var backupPath: String?
        if let backup, !migrator.pending.isEmpty {
            let backupURL = URL(fileURLWithPath: backup)
            try migrator.backup(to: backupURL)
            backupPath = backupURL.path
        }
        if let rows {
            let entities = Set(target.plan.schemas.flatMap { $0.entities.map(\.name) })
            guard rows.isEmpty || entities.contains(rows) else {
                throw CommandFailure.usage(
                    "--rows \(rows): plan \(target.resolved.name) has no entity \(rows); its entities are \(entities.sorted().joined(separator: ", ")) (or give --rows alone for all)"
                )
            }
            try migrator.recordRowChanges(
                RowChangeOptions(sampleLimit: limit, entities: rows.isEmpty ? nil : [rows]))
        }
        let (stages, failure, notRun) = StageLoop.run(
            migrator, limit: step ? 1 : migrator.pending.count, onEvent: eventHandler())
        var report = MigrateReport(
            store: url.path, plan: target.resolved.name, dryRun: dryRun, from: from, target: goal,
            reached: migrator.current.version.label, backup: backupPath,
            stages: stages, remaining: migrator.pending.count, succeeded: failure == nil, failure: stages.last?.failure,
            failureKind: stages.last?.failureKind,
            notRun: notRun)
        if migrator.rowRecorder != nil { report.format = "strata.migrate/2" }
        report.coreData = dryRunStore?.1
        report.versionNames = target.resolved.versionNames
        switch output.chosen {
        case .json: try JSONOutput.print(report)
        case .text: report.textLines(style: .standardOutput).forEach { Console.out($0) }
        default: try output.printReview(report)
        }
        if let failure { throw failure }
        try output.exitIfFailing(report)
    }

    /// Asks on a terminal; without one, a real run needs --yes. Decided from a read that writes nothing, before
    /// the store is opened for writing; a store already at `version` needs no confirmation.
    private func confirm(url: URL, to version: Schema.Version?, plan validated: ValidatedPlan) throws {
        let current = try StoreInspector(url: url).version()
        guard current != version else { return }
        let from = current.label
        // With --step, the version the next stage reaches, on the path a migration takes (ValidatedPlan.stages).
        var next: Schema.Version?
        if step, let current, let from = validated.schema(current),
            let goal = version.flatMap(validated.schema) ?? validated.schemas.last
        {
            next = try? validated.stages(from: from, to: goal).first?.to.version
        }
        let to = (next ?? version).label
        guard Console.inputIsTerminal else {
            throw CommandFailure.usage(
                "migrate writes \(url.path) (\(from) -> \(to)); pass --yes to confirm when not on a terminal, or --dry-run to try it on a copy"
            )
        }
        let question =
            "Migrate \(url.path) from \(from) to \(to) with plan \(plan.source.plan ?? "")\(step ? " (only the next stage)" : "")? This writes the store."
        guard Confirmation.ask(question) else {
            throw CommandFailure.findings("not confirmed; \(url.path) was not changed")
        }
    }

    /// A progress bar on a terminal, one line per event otherwise, nothing in any format but text.
    private func eventHandler() -> ((MigrationEvent) -> Void)? {
        if output.chosen != .text { return nil }
        if Console.outputIsTerminal {
            let bar = ProgressBar(style: .standardOutput)
            return bar.handle
        }
        return { Console.out(EventLog.line(for: $0)) }
    }
}
