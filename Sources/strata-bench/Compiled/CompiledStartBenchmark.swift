import ArgumentParser
import Foundation

/// `strata-bench compiled`: how long an app's first custom stage waits for the compiled level, cold and warm (issue
/// 48): the `strata` binary beside this one, in a cache of its own, runs `warm` (Strata and its dependencies built),
/// then a dry run of an app's custom stage (only the app's files built), then the same dry run again (nothing built);
/// with `--unwarmed`, also the first dry run in an empty cache, as without `warm`.
struct CompiledStartBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compiled",
        abstract: "Time the compiled level's first build, cold and warm.",
        discussion: """
            Builds in the Strata package `strata` was built from (or STRATA_PACKAGE_PATH): leave its sources alone
            while it runs.

            Example:
              swift build --product strata && swift build --product strata-bench
              .build/debug/strata-bench compiled --unwarmed --write BENCHMARKS.md
            """)

    @Option(help: "An app's source folder with a custom stage from its first version.")
    var app = "Tests/StrataSourcesTests/Fixtures/RecipesApp"

    @Option(help: "The app's first version.")
    var at = "1.0.0"

    @Flag(help: "Also time the first dry run in an empty cache, without warm.")
    var unwarmed = false

    @Option(help: "A Markdown file whose `compiled` section is replaced with the results.")
    var write: String?

    func run() throws {
        let strata = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("strata")
        guard FileManager.default.isExecutableFile(atPath: strata.path) else {
            throw ValidationError("no strata beside strata-bench at \(strata.path): swift build --product strata")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-compiled-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("App.store").path
        _ = try Self.time(strata, ["new", store, "--sources", app, "--at", at, "--sample", "5"], cache: folder)
        let dryRun = ["migrate", store, "--sources", app, "--dry-run"]
        var rows: [(String, Double)] = []
        if unwarmed {
            rows.append(("first dry run, empty cache (no warm)", try Self.time(strata, dryRun, cache: folder, "cold")))
        }
        rows.append(("`strata warm`, empty cache", try Self.time(strata, ["warm"], cache: folder, "warm")))
        rows.append(("first dry run after warm", try Self.time(strata, dryRun, cache: folder, "warm")))
        rows.append(("next dry run", try Self.time(strata, dryRun, cache: folder, "warm")))
        for (title, seconds) in rows { print("\(title): \(String(format: "%.1f", seconds)) s") }
        if let write {
            let body =
                [
                    "### `strata-bench compiled\(unwarmed ? " --unwarmed" : "")`", "",
                    "Machine: \(MarkdownSection.machine); the app: `\(app)`.", "",
                    "| step | wall time |", "| --- | ---: |",
                ] + rows.map { "| \($0.0) | \(String(format: "%.1f", $0.1)) s |" }
            try MarkdownSection(name: "compiled", body: body.joined(separator: "\n")).write(
                to: URL(fileURLWithPath: write))
        }
    }

    /// Runs `strata` with `arguments` at the compiled level in the cache `cache/NAME`; its wall time, or an error
    /// when it fails.
    private static func time(_ strata: URL, _ arguments: [String], cache: URL, _ name: String = "none") throws
        -> Double
    {
        let process = Process()
        process.executableURL = strata
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.appendingPathComponent(name).path
        environment["STRATA_STATIC"] = ""
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let start = ContinuousClock.now
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = (ContinuousClock.now - start).seconds
        guard process.terminationStatus == 0 else {
            throw StepFailure(
                description: "strata \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): "
                    + String(decoding: output.suffix(2_000), as: UTF8.self))
        }
        return seconds
    }
}

/// A step of the benchmark that failed: the command and the end of what it printed.
struct StepFailure: Error, CustomStringConvertible {
    let description: String
}
