import ArgumentParser
import Foundation
import Strata
import StrataAppleStores
import StrataSources

/// `strata check --plan NAME` or `--sources DIR`: validates a plan without a store (with sources, lints them);
/// exits 1 with the findings when it is wrong.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a migration plan without a store; with --sources, lint the app's sources.",
        discussion: """
            Checks the plan's schemas (model mistakes, duplicate or identical versions) and stages (unknown \
            versions, repeated stages, lightweight stages holding changes only a custom stage can make). \
            Exits 1 and lists the problems when there are any.

            With --sources each finding is printed at its place, as the compiler prints diagnostics \
            (path:line:column: error: message), so editors and CI annotate the line; the lint adds: versions \
            edited after they shipped (against --frozen, the file `strata freeze` wrote, or --store, a store the \
            app made), consecutive versions with no stage between them whose changes an inferred migration cannot \
            make, a model class listed by two versions (warning), and `static var versionIdentifier` (a warning; \
            an error when the package or Xcode project builds in the Swift 6 language mode). Exits 1 when a \
            finding is an error.

            Examples:
              strata check --plan bookshelf
              strata check --plan trips --json
              strata check --sources MyApp/Sources
              strata check --sources MyApp/Sources --frozen strata-freeze.json
              strata check --sources MyApp/Sources --store default.store
              strata check --model MyApp/Model.xcdatamodeld --progressive

            With --model (a Core Data model), it prints the versions, how their order and the current one were \
            decided, the mapping models and Core Data's verdict on each step (inferred, depends on the rows with \
            error 134110/134111, or needs a mapping model, 134140), then the model lint at file:line in the \
            contents XML.
              strata check --plan bookshelf --upgrades --sample 50

            With --upgrades, a sample store is made at each older version (or each version --frozen records), \
            with --sample rows per entity, and migrated to the newest version in a temporary folder (custom stages \
            from --sources run at the compiled level, as `migrate --dry-run` runs them). A matrix shows, per \
            starting version, whether it reached the newest, failed at a stage (with the error) or stopped at a \
            custom stage that could not run, and per entity the rows kept, changed, inserted and deleted. Exits 1 \
            when a path fails.

            For an app that syncs through CloudKit (ModelConfiguration(cloudKitDatabase: .private(…)) or \
            .automatic, iCloud entitlements with CloudKit, usedWithCloudKit in a Core Data model; --cloudkit forces \
            it), the lint adds CloudKit's rules: on the newest version, attributes optional or defaulted, nothing \
            unique, relationships optional with inverses, no .deny rule (errors); after the first synced version, an \
            entity or attribute removed or renamed, or a type changed (warnings).

            --format markdown prints a pull-request comment (verdict, stages, findings, upgrade matrix, the command), \
            github the findings as GitHub Actions annotations, sarif a SARIF 2.1.0 log; --fail-on warning, data-loss \
            or custom-not-run makes those exit 1 too (docs/CI.md).
              strata check --sources MyApp/Sources --frozen strata-freeze.json --upgrades --format markdown
              strata check --sources MyApp/Sources --format github --fail-on data-loss
            """)

    @OptionGroup var plan: PlanOptions

    @Option(
        help: ArgumentHelp(
            "With --sources: the versions as they shipped, recorded by `strata freeze`; edits to them are errors.",
            valueName: "file"))
    var frozen: String?

    @Option(
        help: ArgumentHelp(
            "With --sources: a store the app made (Strata, SwiftData or Core Data); its version must be unedited. With --model: a SwiftData / Core Data store, whose rows Core Data's first step from its version must fit.",
            valueName: "store"))
    var store: String?

    @Flag(help: "Migrate a sample store at each older version to the newest, and show how each path went.")
    var upgrades = false

    @Option(help: ArgumentHelp("With --upgrades: rows generated per entity in each sample store.", valueName: "n"))
    var sample = 20

    @Flag(
        name: .customLong("cloudkit"),
        help:
            "Lint the rules of a CloudKit-synced app even when the sources and project files do not show the sync (ModelConfiguration(cloudKitDatabase:), iCloud entitlements, usedWithCloudKit in a Core Data model)."
    )
    var cloudKit = false

    @OptionGroup var output: ReportOptions

    func validate() throws {
        if plan.sources == nil && (frozen != nil || (store != nil && plan.coreData.model == nil)) {
            throw ValidationError(
                "--frozen and --store compare an app's sources with what shipped: add --sources DIR (or --store with --model)"
            )
        }
        if sample < 0 { throw ValidationError("--sample must be 0 or more, not \(sample)") }
        if cloudKit && plan.sources == nil && plan.coreData.model == nil {
            throw ValidationError(
                "--cloudkit lints an app's sources or Core Data model: add --sources DIR or --model PATH")
        }
    }

    func run() throws {
        let resolved = try plan.resolve(
            compiling: upgrades ? .forCustomStages : .whenAsked, warningOfRedeclarations: false,
            listingReadErrors: true)
        var lint: [SourceProblem]?
        var sync: CloudKitSync?
        let shippedVersions = try shipped(versions: resolved.checked.0.schemas)
        if let source = resolved.source, let sources = resolved.sources {
            sync = cloudKit ? .forced : CloudKitSync.detect(in: sources)
            // Paths as the user gave them: `JournalApp/Schema/V1.swift` for `--sources JournalApp`.
            lint = SourceLint(plan: source, sources: sources, shipped: shippedVersions, cloudKit: sync).findings().map {
                $0.named(inside: sources.folder, as: plan.sources ?? sources.folder.path)
            }
        }
        var report =
            try resolved.model.map {
                try CheckReport(model: $0, store: try store.map(StoreArgument.url), cloudKit: cloudKit)
            }
            ?? CheckReport(
                name: resolved.name, checked: resolved.checked, lint: lint, source: resolved.source,
                files: resolved.sources?.compiledFiles)
        if let sync, let sources = resolved.sources {
            report.cloudKit =
                sync.evidence.isEmpty
                ? ["--cloudkit"]
                : sync.evidence.map {
                    $0.named(inside: sources.folder, as: plan.sources ?? sources.folder.path).description
                }
        }
        if upgrades, report.valid {
            let plan = try resolved.validated()
            let older = frozen != nil ? shippedVersions.map(\.schema) : Array(plan.schemas.dropLast())
            report.upgrades = try UpgradePaths.check(
                plan, from: older, rows: sample)
            report.upgradeTarget = (plan.schemas.last?.version).label
            report.upgradeRows = sample
        }
        switch output.chosen {
        case .json: try JSONOutput.print(report)
        case .text: report.textLines(style: .standardOutput).forEach { Console.out($0) }
        default: try output.printReview(report)
        }
        if !report.valid || report.upgrades?.contains(where: { $0.outcome == .failed }) == true {
            throw ExitCode(ExitStatus.findings.rawValue)
        }
        try output.exitIfFailing(report)
    }

    /// The shipped versions `--frozen` and `--store` name; an Apple store's composite attributes take the types
    /// the sources' version of the same number gives them, where they can be those (`AppleStore.schema(alignedWith:)`).
    private func shipped(versions: [Schema]) throws -> [ShippedVersion] {
        var shipped: [ShippedVersion] = []
        if let frozen {
            let url = URL(fileURLWithPath: frozen)
            do {
                shipped += try FrozenVersions(contentsOf: url).shipped(recordedIn: url.lastPathComponent)
            } catch {
                throw CommandFailure.usage(
                    "\(frozen) is not a file `strata freeze` wrote (\(error.localizedDescription))"
                )
            }
        }
        if let store, plan.sources != nil {
            let url = try StoreArgument.url(store)
            let name = "the store \(url.lastPathComponent)"
            if case .apple(let apple) = try StoreArgument.open(url) {
                let own = apple.schema().schema
                let model = versions.first { $0.version == own.version }.map(apple.schema(alignedWith:)) ?? own
                if model.version != nil {
                    shipped.append(ShippedVersion(schema: model, recordedIn: name, besideDefaults: true))
                }
            } else {
                let metadata = try StoreInspector(url: url).metadata()
                if let version = metadata.version {
                    shipped.append(
                        ShippedVersion(
                            schema: Schema(entities: metadata.schema.entities, version: version), recordedIn: name))
                }
            }
        }
        return shipped
    }
}
