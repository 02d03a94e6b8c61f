import ArgumentParser
import Foundation
import GRDB
import Strata
import StrataAppleStores
import StrataCLI

/// `strata-bench model`: the commands a Core Data developer runs against a model bundle with a real app's history
/// (`SyntheticModel`, 90 versions by default), each run in this process as the `strata` binary runs it, its output
/// discarded: `check --model`, `diff --model` first to last, and `plan` / `migrate --dry-run` of a store at the first
/// version (a Strata store written at that version's schema, so that the bundle's cost is what is measured).
struct ModelBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Time the commands on a Core Data model bundle of many versions.",
        discussion: """
            Example:
              swift run -c release strata-bench model --versions 90 --runs 3 --write BENCHMARKS.md
            """)

    @Option(help: "Versions in the model bundle.")
    var versions = 90

    @Option(help: "Runs of each command (the median is reported).")
    var runs = 3

    @Option(help: "A Markdown file whose `model` section is replaced with the results.")
    var write: String?

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-model-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = try SyntheticModel(versions: versions).write(in: folder).path
        let store = try firstVersionStore(model: model, in: folder).path
        let commands: [(String, [String])] = [
            ("check --model", ["check", "--model", model]),
            ("diff --model 1 \(versions)", ["diff", "--model", model, "1", "\(versions)"]),
            ("plan STORE --model", ["plan", store, "--model", model]),
            ("migrate STORE --model --dry-run", ["migrate", store, "--model", model, "--dry-run"]),
        ]
        var rows: [String] = []
        for (title, arguments) in commands {
            var seconds: [Double] = []
            var status: Int32 = 0
            for _ in 0..<runs {
                let start = ContinuousClock.now
                status = Self.silenced { StrataCommandLine.run(plans: [:], arguments: arguments) }
                seconds.append((ContinuousClock.now - start).seconds)
            }
            let median = seconds.sorted()[seconds.count / 2]
            print("\(title): median \(String(format: "%.3f", median)) s of \(runs) (exit \(status))")
            rows.append("| `strata \(title)` | \(String(format: "%.3f", median)) s | \(status) |")
        }
        if let write {
            let body =
                [
                    "### `strata-bench model --versions \(versions) --runs \(runs)`", "",
                    "Machine: \(MarkdownSection.machine); a \(Self.buildKind) build.", "",
                    "| command | median | exit |", "| --- | ---: | ---: |",
                ] + rows
            try MarkdownSection(name: "model", body: body.joined(separator: "\n")).write(
                to: URL(fileURLWithPath: write))
        }
    }

    /// "debug" or "release": how this benchmark was built.
    private static var buildKind: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    /// A Strata store at the first version of the model, empty.
    private func firstVersionStore(model: String, in folder: URL) throws -> URL {
        let plan = ModelBundlePlan(bundle: try ModelBundle(url: URL(fileURLWithPath: model)))
        let url = folder.appendingPathComponent("Big.store")
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            for statement in StoreLayout(schema: plan.schemas[0]).createStatements() { try db.execute(sql: statement) }
            try StoreMetadata.write(plan.schemas[0], to: db)
        }
        try queue.close()
        return url
    }

    /// Runs `body` with the standard output and error sent to /dev/null.
    private static func silenced(_ body: () -> Int32) -> Int32 {
        fflush(nil)
        let savedOut = dup(1)
        let savedError = dup(2)
        let null = open("/dev/null", O_WRONLY)
        dup2(null, 1)
        dup2(null, 2)
        let status = body()
        fflush(nil)
        dup2(savedOut, 1)
        dup2(savedError, 2)
        close(null)
        close(savedOut)
        close(savedError)
        return status
    }
}
