import ArgumentParser
import Foundation
import Strata

/// `strata-bench migrations`: W1 to W5 of issue 7 and the UI's overhead, against the sqlite3 CLI and hand-written GRDB, in one run.
struct MigrationBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrations",
        abstract: "Time Strata's migrations and UI against raw SQL (sqlite3 CLI) and hand-written GRDB code.",
        discussion: """
            W1 lightweight (rename with originalName, add an optional), W2 unique constraint plus optional made \
            required with a default (the raw baseline is sqlite.org's 12-step rebuild), W3 custom author split in \
            didMigrate through ModelContext, W4 dry run of the W1..W3 chain against the real run, W4r the same dry run \
            recording each stage's row changes (--rows) against the plain dry run, W5 the UI's event \
            loop opening the store (time to the first frame with the plan's diff, and to the diff's data counts), \
            and the UI's overhead (W4 driven from the event loop against W4 alone). Each contender runs on a fresh \
            copy of the same store; the table shows medians and whether each target was met. Needs the sqlite3 CLI.

            Example:
              swift run -c release strata-bench migrations --rows 1000000 --runs 3 --scaling --write BENCHMARKS.md
            """
    )

    @Option(help: "Rows of the largest store.")
    var rows: Int = 1_000_000

    @Option(help: "Runs per contender (the median is reported).")
    var runs: Int = 3

    @Flag(help: "Also run 10,000 and 100,000 rows to show how cost grows.")
    var scaling = false

    @Option(help: "Replace the migrations section of this Markdown file with the results.")
    var write: String?

    @Option(
        help: ArgumentHelp(
            "Run only these workloads (for profiling), comma-separated (any case): W1, W2, W3, W4, W4r, W5, UI.",
            valueName: "LIST"
        ))
    var only: String?

    func run() throws {
        let store = try BenchStore()
        defer { store.remove() }
        let sizes = scaling ? [10_000, 100_000, rows].filter { $0 <= rows } : [rows]
        var results: [WorkloadResult] = []
        for size in sizes {
            print("== \(size) rows")
            let suite = WorkloadSuite(
                store: store, rows: size, runs: runs,
                only: Set(
                    (only ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }))
            for result in try suite.all() {
                print(result.markdownRow)
                results.append(result)
            }
        }
        if let write {
            try BenchmarkReport(results: results, command: CommandLine.arguments.joined(separator: " ")).write(
                to: URL(fileURLWithPath: write))
            print("wrote \(write)")
        }
    }
}
