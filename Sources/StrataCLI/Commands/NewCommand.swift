import ArgumentParser
import Foundation
import Strata
import StrataSources
import StrataText

/// `strata new <store> --sources DIR --at V [--sample N]` (or `--model PATH`): a new Strata store at a version of an
/// app's plan or Core Data model, empty or with generated rows.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a new Strata store at a version of an app's plan, optionally with generated rows.",
        discussion: """
            The plan is read from the app's sources (compiling nothing), or is a Core Data model's versions \
            (--model; --at takes a version's name too). With --sample N each entity gets N rows: \
            the same rows every time, unique values distinct, raw-value enums holding their real cases, optionals \
            nil in every fourth row, to-one relationships linked. Use it to make fixtures at every version and to \
            try a migration at scale before shipping.

            Examples:
              strata new Notes-1.0.0.store --sources MyApp/Sources --at 1.0.0
              strata new Big.store --sources MyApp/Sources --at 1.0.0 --sample 100000
              strata migrate Big.store --sources MyApp/Sources --dry-run
              strata new Old.store --model MyApp/Model.xcdatamodeld --at "Model 2" --sample 100
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
        guard plan.sources != nil || plan.coreData.model != nil else {
            throw ValidationError(
                "new reads the plan from an app's sources or a Core Data model: give --sources DIR or --model PATH")
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
        guard resolved.sources != nil || resolved.model != nil else {
            throw CommandFailure.usage(
                "new reads the plan from an app's sources or a Core Data model: give --sources DIR or --model PATH")
        }
        // Only the version's own schema must be sound: errors elsewhere in the plan are for the dry run to meet.
        let schema = try VersionArgument.schema(
            at, in: resolved.checked.0, planName: resolved.name, source: resolved.source, model: resolved.model)
        for problem in resolved.checked.problems {
            Console.error("warning: plan \(resolved.name): \(TerminalText.sanitize(problem))")
        }
        let url = URL(fileURLWithPath: store)
        if let sources = resolved.sources {
            try sources.makeSampleStore(at: url, schema: schema, rows: sample)
        } else {
            try SampleStore.make(at: url, schema: schema, rows: sample)
        }
        let report = NewReport(
            store: url.path, plan: resolved.name, version: schema.version.label,
            entities: schema.entities.map { NewReport.Entity(name: $0.name, rows: sample) })
        if output.json { try JSONOutput.print(report) } else { report.textLines.forEach { Console.out($0) } }
    }
}
