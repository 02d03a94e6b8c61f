import ArgumentParser
import StrataAppleStores

/// `strata plan <store> --plan NAME [--to V]`: the stages that would run from the store's version.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show the stages that would run from the store's version to the target.",
        discussion: """
            Locates the store's version in the plan and lists each stage on the path: its kind, changes and \
            steps (with --sql, the SQL each step runs). The store is read through a private copy and never written. \
            A SwiftData or Core Data store (from a device) is imported privately at the plan version its model \
            equals, and the first stage's findings are counted in its real rows.

            Examples:
              strata plan Books.store --plan bookshelf
              strata plan Books.store --plan bookshelf --to 2.0.0 --sql
              strata plan Notes.store --sources MyApp/Sources
              strata plan default.store --sources MyApp/Sources
              strata plan App.sqlite --model MyApp/Model.xcdatamodeld --progressive
            """)

    @OptionGroup var file: StoreFile

    @OptionGroup var plan: PlanTargetOptions

    @Flag(help: "Show the SQL of each step (JSON always includes it).")
    var sql = false

    @OptionGroup var output: ReportOptions

    func run() throws {
        let target = try plan.resolve()
        let (store, coreData) = try CoreDataStoreReport.imported(
            StoreArgument.openForPlanning(file.url()), target: target, json: output.chosen == .json)
        defer { store.remove() }
        if output.chosen == .text { coreData?.textLines(style: .standardOutput).forEach { Console.out($0) } }
        var report = try PlanReport(store: store, plan: target.resolved.name, target: target)
        report.coreData = coreData
        switch output.chosen {
        case .json: try JSONOutput.print(report)
        case .text:
            report.textLines(style: .standardOutput, sql: sql, options: plan.source.given).forEach { Console.out($0) }
        default: try output.printReview(report)
        }
        try output.exitIfFailing(report)
    }
}
