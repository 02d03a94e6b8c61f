import ArgumentParser
import Foundation
import Strata
import StrataSources

/// `strata new <store> --sources DIR --at V [--sample N]`: a new Strata store at a version of an app's plan, empty or
/// with generated rows.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a new Strata store at a version of an app's plan, optionally with generated rows.",
        discussion: """
            The plan is read from the app's sources (compiling nothing). With --sample N each entity gets N rows: \
            the same rows every time, unique values distinct, raw-value enums holding their real cases, optionals \
            nil in every fourth row, to-one relationships linked. Use it to make fixtures at every version and to \
            try a migration at scale before shipping.

            Examples:
              strata new Notes-1.0.0.store --sources MyApp/Sources --at 1.0.0
              strata new Big.store --sources MyApp/Sources --at 1.0.0 --sample 100000
              strata migrate Big.store --sources MyApp/Sources --dry-run
            """)

    @Argument(help: "The new store's path (must not exist).")
    var store: String

    @OptionGroup var plan: PlanOptions

    @Option(help: ArgumentHelp("The plan version to create the store at.", valueName: "version"))
    var at: String

    @Option(help: "Rows to generate per entity.")
    var sample = 0

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard plan.sources != nil else {
            throw ValidationError("new reads the plan from an app's sources: give --sources DIR")
        }
        guard !plan.compiled else {
            throw ValidationError(
                "new needs only the plan's schemas, which the static level reads: leave out --compiled")
        }
        guard sample >= 0 else { throw ValidationError("--sample must be 0 or more, not \(sample)") }
        guard !FileManager.default.fileExists(atPath: store) else {
            throw ValidationError("\(store) already exists; give a new path")
        }
    }

    func run() throws {
        let resolved = try plan.resolve(compiling: .never)
        let validated = try resolved.validated()
        let schema = try VersionArgument.schema(at, in: validated, planName: resolved.name, model: resolved.model)
        guard let sources = resolved.sources else {
            throw CommandFailure.usage("new reads the plan from an app's sources: give --sources DIR")
        }
        let url = URL(fileURLWithPath: store)
        try sources.makeSampleStore(at: url, schema: schema, rows: sample)
        let report = NewReport(
            store: url.path, plan: resolved.name, version: schema.version?.description ?? "unversioned",
            entities: schema.entities.map { NewReport.Entity(name: $0.name, rows: sample) })
        if output.json { try JSONOutput.print(report) } else { report.textLines.forEach { Console.out($0) } }
    }
}
