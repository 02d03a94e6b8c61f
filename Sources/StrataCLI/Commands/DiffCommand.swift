import ArgumentParser
import Strata

/// `strata diff --plan NAME <from> <to> [--store S]`: the typed changes between two versions, with data counts.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show the typed changes between two versions of a plan and how each is classified.",
        discussion: """
            Each change is lightweight, custom (a lightweight stage cannot do it: why, and the usual fix) or \
            destructive (what is lost). With --store, a store at <from> is read (never written) to count what \
            the changes would do to its data: values dropped, rows lacking a value, duplicates, failed conversions.

            Examples:
              strata diff --plan bookshelf 1.0.0 2.0.0
              strata diff --plan bookshelf 2.0.0 3.0.0 --store Books.store --json
              strata diff --sources MyApp/Sources 1.0.0 2.0.0
              strata diff --model MyApp/Model.xcdatamodeld "Model 2" "Model 3"
            """)

    @OptionGroup var plan: PlanOptions

    @Argument(help: "The version to diff from, such as 1.0.0.")
    var from: String

    @Argument(help: "The version to diff to.")
    var to: String

    @Option(help: "A store at <from> whose data the changes are counted against.")
    var store: String?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let resolved = try plan.resolve()
        let (checked, _) = resolved.checked
        let report = try DiffReport(
            plan: resolved.name, validated: checked,
            from: VersionArgument.schema(
                from, in: checked, planName: resolved.name, source: resolved.source, model: resolved.model),
            to: VersionArgument.schema(
                to, in: checked, planName: resolved.name, source: resolved.source, model: resolved.model),
            store: store.map(StoreArgument.url))
        if output.json {
            try JSONOutput.print(report)
        } else {
            report.textLines(style: .standardOutput).forEach { Console.out($0) }
        }
    }
}
