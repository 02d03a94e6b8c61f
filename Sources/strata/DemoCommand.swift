import ArgumentParser
import Foundation
import Strata
import StrataCLI
import StrataExamples
import StrataTUI
import StrataTerminal
import StrataText

/// `strata demo`: creates the bookshelf demo store at 1.0.0 and opens the terminal UI on it. It lives in the
/// `strata` executable, beside the bundled plans, so that the StrataCLI library apps link carries no demo models.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract:
            "Create a demo store of a bundled plan (bookshelf by default) at its first version and open the UI on it.",
        discussion: """
            The store follows the seeds' bookshelf plan: 1.0.0 -> 2.0.0 renames isbn and adds an optional year \
            (lightweight), 2.0.0 -> 3.0.0 splits the author (custom). The UI starts in dry-run mode: n and r \
            migrate a private copy and the store is never written. When standard output is not a terminal, the \
            command prints the store's path and summary and exits.

            Examples:
              strata demo
              strata demo --rows 5000 --store Demo.store --no-open
              strata demo --plan trips
            """)

    @Option(help: "Rows in the demo store (books, trips, entries).")
    var rows = 200_000

    @Option(help: "Which bundled plan's demo store: \(ExamplePlans.all.map(\.name).joined(separator: ", ")).")
    var plan = "bookshelf"

    @Option(help: "Where to create the store (default: a new temporary directory); it must not exist.")
    var store: String?

    @Flag(help: "Create the store and print its path without opening the UI.")
    var noOpen = false

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard rows >= 0 else { throw ValidationError("--rows must be 0 or more, not \(rows)") }
        if let store, FileManager.default.fileExists(atPath: store) {
            throw ValidationError("\(store) already exists; give a new path to --store or remove the file")
        }
    }

    func run() throws {
        guard let example = ExamplePlans.named(plan) else {
            throw ValidationError(
                "unknown plan '\(plan)'; known plans: \(ExamplePlans.all.map(\.name).joined(separator: ", "))")
        }
        let url: URL
        if let store {
            url = URL(fileURLWithPath: store)
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "strata-demo-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            url = folder.appendingPathComponent("\(example.name).store")
        }
        // Building 200,000 rows takes seconds: on a terminal, say what is happening instead of a blank screen.
        if StoreSummary.interactive {
            let building =
                "Building the \(example.name) demo store: \(rows.formatted()) rows at its first version, in \(url.path)…\n"
            FileHandle.standardOutput.write(Data(building.utf8))
        }
        try example.makeStore(url, rows)
        print(
            "Created the \(example.name) demo store at its first version with \(CountText.rows(rows)): \(url.path)"
        )
        print(try StoreSummary.text(store: .strata(url), plan: ValidatedPlan(example.plan), planName: example.name))
        print("Open it again with: strata open \(url.path) --plan \(example.name)")
        guard !noOpen, StoreSummary.interactive else { return }
        try TerminalApp.run(store: url, plan: example.plan, planName: example.name, options: display.options)
    }
}
