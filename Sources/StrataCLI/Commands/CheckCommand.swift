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
            """)

    @OptionGroup var plan: PlanOptions

    @Option(
        help: ArgumentHelp(
            "With --sources: the versions as they shipped, recorded by `strata freeze`; edits to them are errors.",
            valueName: "file"))
    var frozen: String?

    @Option(
        help: ArgumentHelp(
            "With --sources: a store the app made (Strata, SwiftData or Core Data); its version must be unedited.",
            valueName: "store"))
    var store: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if plan.sources == nil && (frozen != nil || store != nil) {
            throw ValidationError("--frozen and --store compare an app's sources with what shipped: add --sources DIR")
        }
    }

    func run() throws {
        let resolved = try plan.resolve(warningOfRedeclarations: false)
        var lint: [SourceProblem]?
        if let source = resolved.source, let sources = resolved.sources {
            lint = SourceLint(
                plan: source, sources: sources, shipped: try shipped(versions: resolved.checked.0.schemas)
            ).findings()
        }
        let report =
            resolved.model.map(CheckReport.init(model:))
            ?? CheckReport(
                name: resolved.name, checked: resolved.checked, lint: lint, source: resolved.source,
                files: resolved.sources?.compiledFiles)
        if output.json {
            try JSONOutput.print(report)
        } else {
            report.textLines(style: .standardOutput).forEach { Console.out($0) }
        }
        if !report.valid { throw ExitCode(ExitStatus.findings.rawValue) }
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
        if let store {
            let url = try StoreArgument.url(store)
            let name = "the store \(url.lastPathComponent)"
            if try StoreArgument.format(of: url) == .apple {
                let apple = try AppleStore(url: url)
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
