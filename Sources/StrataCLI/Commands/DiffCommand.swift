import ArgumentParser
import Strata
import StrataAppleStores

/// `strata diff --plan NAME <from> <to> [--store S]`: the typed changes between two versions, with data counts; with
/// `--store` and no versions, from the store's version to the newest.
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
              strata diff --plan bookshelf 1.0.0 3.0.0 --store Books.store --json
              strata diff --sources MyApp/Sources 1.0.0 2.0.0
              strata diff --model MyApp/Model.xcdatamodeld "Model 2" "Model 3"
              strata diff --model MyApp/Model.xcdatamodeld --store App.sqlite
            """)

    @OptionGroup var plan: PlanOptions

    @Argument(help: "The version to diff from, such as 1.0.0 (with --store, left out: the store's version).")
    var from: String?

    @Argument(help: "The version to diff to (with --store and one version given, that one; none: the newest).")
    var to: String?

    @Option(
        help:
            "A store at <from> whose data the changes are counted against: a Strata store, or a SwiftData / Core Data store (read through a private import, never written)."
    )
    var store: String?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let resolved = try plan.resolve()
        let (checked, _) = resolved.checked
        // A SwiftData / Core Data store is imported privately at its version (a Core Data model's by Core Data's own
        // rule), and its rows counted there.
        let opened = try store.map { path -> OpenedStore in
            let opened = try StoreArgument.open(try StoreArgument.url(path))
            return try resolved.imported(opened, at: checked)
        }
        defer { opened?.remove() }
        func schema(_ text: String) throws -> Schema {
            try VersionArgument.schema(
                text, in: checked, planName: resolved.name, source: resolved.source, model: resolved.model)
        }
        let fromSchema: Schema
        let toSchema: Schema
        switch (from, to, opened?.strataFile) {
        case (let from?, let to?, _):
            (fromSchema, toSchema) = (try schema(from), try schema(to))
        case (let only, nil, let file?):
            guard let recorded = try StoreInspector(url: file).metadata().version, let at = checked.schema(recorded)
            else {
                throw CommandFailure.usage(
                    "\(store ?? "") is at no version of \(resolved.name); give the versions to diff: <from> <to>")
            }
            fromSchema = at
            toSchema = try only.map(schema) ?? checked.schemas.last ?? at
        default:
            throw CommandFailure.usage(
                "give the versions to diff (<from> <to>), or --store STORE to diff from its version")
        }
        let report = try DiffReport(
            plan: resolved.name, validated: checked, from: fromSchema, to: toSchema, store: opened?.strataFile,
            named: opened?.url)
        if output.json {
            try JSONOutput.print(report)
        } else {
            report.textLines(style: .standardOutput).forEach { Console.out($0) }
        }
    }
}
