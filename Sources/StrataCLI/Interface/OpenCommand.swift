import ArgumentParser
import Foundation
import Strata
import StrataTerminal

/// `strata open`: the terminal UI on any Strata store (or, read-only, a SwiftData / Core Data store), with one of the
/// plans this build knows or none.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the terminal UI on a store: versions, diff, stages, progress and rows.",
        discussion: """
            Without --plan the UI shows the store's recorded version, schema, history and rows. With a plan it also \
            diffs versions and steps through the stages, in dry-run mode on a private copy until you switch to \
            apply mode (m) and confirm. A SwiftData or Core Data store opens read-only: its embedded model is the \
            first version (diff it against the plan's), the browser shows its rows, and nothing runs. When standard \
            output is not a terminal, it prints a summary and exits.

            Examples:
              strata open Books.store
              strata open Books.store --plan bookshelf --no-color
              strata open default.store --plan bookshelf
              strata open Notes.store --sources MyApp/Sources
            """)

    @Argument(help: "The store file.")
    var store: String

    @OptionGroup var plan: PlanOptions

    @OptionGroup var display: DisplayOptions

    func run() throws {
        let url = URL(fileURLWithPath: store)
        let resolved = plan.isEmpty ? nil : try plan.resolve(compiling: .forCustomStages)
        let validated = try resolved?.validated()
        guard StoreSummary.interactive else {
            print(
                try StoreSummary.text(
                    store: url, plan: validated, planName: resolved?.name, notRunReason: resolved?.notRunReason))
            return
        }
        try TerminalApp.run(
            store: url, validated: validated, planName: resolved?.name, notRunReason: resolved?.notRunReason,
            options: display.options)
    }
}
