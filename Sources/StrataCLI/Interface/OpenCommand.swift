import ArgumentParser
import Foundation
import Strata
import StrataAppleStores
import StrataSources
import StrataTerminal
import StrataText

/// `strata open`: the terminal UI on any Strata store (or, read-only, a SwiftData / Core Data store), with one of the
/// plans this build knows or none.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the terminal UI on a store: versions, diff, stages, progress and rows.",
        discussion: """
            Without --plan the UI shows the store's recorded version, schema, history and rows. With a plan it also \
            diffs versions and steps through the stages, in dry-run mode on a private copy until you switch to \
            apply mode (m) and confirm. A SwiftData or Core Data store (from a device) whose model equals a version of \
            the plan is imported privately at that version, and its stages step on the real rows (the original is \
            never written). Any other opens read-only: its embedded model is the first version (diffed against the \
            closest of the plan's), the browser shows its rows, and nothing runs. When standard \
            output is not a terminal, it prints a summary and exits.

            Examples:
              strata open Books.store
              strata open Books.store --plan bookshelf --no-color
              strata open Books.store --plan bookshelf --read-only
              strata open default.store --plan bookshelf
              strata open Notes.store --sources MyApp/Sources
              strata open default.store --sources MyApp/Sources
            """)

    @OptionGroup var file: StoreFile

    @OptionGroup var plan: PlanOptions

    @OptionGroup var display: DisplayOptions

    @Flag(
        name: .customLong("read-only"),
        help: "Never write the store: n and r dry-run on a private copy, and m never switches to APPLY.")
    var readOnly = false

    func run() throws {
        let url = try StoreArgument.url(file.store)
        let resolved = plan.isEmpty ? nil : try plan.resolve(compiling: .forCustomStages)
        let validated = try resolved?.validated()
        // Opened once; a SwiftData / Core Data store whose model is a plan version is imported privately from that
        // copy, to step the stages on its rows; any other opens read-only, diffed against the closest version.
        var store = try StoreArgument.open(url)
        if let resolved, let validated {
            do {
                store = try resolved.imported(store, at: validated)
            } catch MigrationError.unknownStoreVersion {}
        }
        defer { store.remove() }
        guard StoreSummary.interactive else {
            print(
                try StoreSummary.text(
                    store: store, plan: validated, planName: resolved?.name))
            return
        }
        var options = display.options
        // A Core Data model's versions carry their names ("Model 2"), which the UI shows wherever it shows a version.
        if let source = resolved?.source, let folder = plan.sources {
            // `w` on the Diff pane: the stage next-version would write for any two versions.
            for from in source.versions {
                for to in source.versions where from.schema.version != to.schema.version {
                    options.stagePreviews[StageID(from: from.schema.version, to: to.schema.version)] =
                        StagePreview.lines(from: from, to: to, folder: folder)
                }
            }
        }
        try TerminalApp.run(
            store: store, validated: validated, planName: resolved?.name,
            options: options, readOnly: readOnly, planArguments: plan.given)
    }
}
