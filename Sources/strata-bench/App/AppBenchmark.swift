import ArgumentParser
import Foundation
import Strata

/// `strata-bench app`: everyday work through `ModelContext` (A1 to A5 of issue 18) against GRDB's Codable records,
/// GRDB's raw statements and the sqlite3 CLI, interleaved per round in one process.
struct AppBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract:
            "Time inserts, fetches, updates, deletes and relationships through ModelContext against GRDB and sqlite3.",
        discussion: """
            A1 insert N items saving every 10,000; A2 a predicate with a sort and fetchLimit 100, and a fetch of all N; \
            A3 enumerate every item, change one attribute, save every 5,000; A4 delete(model:where:) of half the items, \
            and the other half fetched and deleted one by one; A5 N/10 parents with ten children each, every child \
            read (with relationshipKeyPathsForPrefetching, and faulted). Each contender runs on a fresh copy of the \
            same store; every round runs every contender once; medians are shown. Targets are against GRDB Codable \
            records: A1 to A4 within 1.5x, A5 within 2x. Needs the sqlite3 CLI.

            Example:
              swift run -c release strata-bench app --rows 100000 --runs 3
              swift run -c release strata-bench app --rows 200 --runs 1 --json
            """
    )

    @Option(help: "Rows of the largest store (A5: children; parents are a tenth).")
    var rows: Int = 100_000

    @Option(help: "Rounds (the median is reported).")
    var runs: Int = 3

    @Flag(help: "Also run 10,000 and 100,000 rows to show how cost grows.")
    var scaling = false

    @Flag(help: "Print the results as one JSON object instead of a table.")
    var json = false

    @Option(help: "Replace the app section of this Markdown file with the results.")
    var write: String?

    @Option(help: ArgumentHelp("Run only these workloads, comma-separated: A1, A2, A3, A4, A5.", valueName: "LIST"))
    var only: String?

    func validate() throws {
        guard rows >= 10, runs >= 1 else { throw ValidationError("--rows must be at least 10 and --runs at least 1") }
    }

    func run() throws {
        let store = try BenchStore()
        defer { store.remove() }
        let selected = Set(
            (only ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() })
        let sizes = scaling ? [10_000, 100_000, rows].filter { $0 <= rows } : [rows]
        var results: [AppResult] = []
        for size in sizes {
            if !json { print("== \(size) rows\n\(AppResult.markdownHeader)") }
            let stores = AppStores(store: store, rows: size)
            for workload in AppWorkload.all(rows: size) where selected.isEmpty || selected.contains(workload.code) {
                let result = try measure(workload, stores: stores)
                if !json { print(result.markdownRow) }
                results.append(result)
            }
        }
        let report = AppReport(results: results, command: CommandLine.arguments.joined(separator: " "), runs: runs)
        if json { print(try report.json()) }
        if let write {
            try report.write(to: URL(fileURLWithPath: write))
            if !json { print("wrote \(write)") }
        }
    }

    /// Strata and the contenders of one workload, interleaved over `runs` rounds.
    private func measure(_ workload: AppWorkload, stores: AppStores) throws -> AppResult {
        let source: URL
        switch workload.source {
        case .empty: source = try stores.empty()
        case .items: source = try stores.items()
        case .families: source = try stores.families()
        }
        let contenders =
            [
                InterleavedRounds.timed("strata") { url in
                    _ = try workload.strata(url)
                    return nil
                }
            ]
            + workload.contenders.map { InterleavedRounds.timed($0.name, $0.run) }
        let medians = try InterleavedRounds(store: stores.store, runs: runs).medians(of: source, contenders)
        var result = AppResult(
            workload: workload.name, rows: stores.rows, strata: medians[0],
            contenders: zip(workload.contenders, medians.dropFirst()).map { ($0.0.name, $0.1) }, limit: workload.limit)
        if workload.source == .families {
            let copy = try stores.store.copy(of: source, name: "statements")
            let statements = try StatementCount.counting { _ = try workload.strata(copy) }
            result.note =
                "\(statements.formatted()) SQL statements (opening the store included) for \(max(stores.rows / 10, 1).formatted()) parents"
        }
        return result
    }
}
