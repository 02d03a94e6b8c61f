import Foundation
import Testing

/// Issue 44: the examples a reader copies run, so none can rot. Every block of README.md and of the pages in docs/
/// fenced as ```sh runnable runs as a shell script in a new folder, and every `--help` example that names only the bookshelf store runs beside a
/// fresh one; each on a terminal (util-linux `script`), as a person types it, answering `y` to a question, with the
/// built `strata` first on PATH (and `swift run strata` standing for it).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script"), "needs util-linux script"))
struct RunnableExampleTests {
    /// The checkout's root, where README.md is.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// README.md and every page of docs/, as (path relative to the root, text), README first.
    static func documentation() throws -> [(path: String, text: String)] {
        let docs = root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .sorted()
        return try (["README.md"] + pages.map { "docs/" + $0 }).map { path in
            (path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// The blocks of `markdown` fenced as ```sh runnable, each as its lines.
    static func runnableBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```sh runnable" {
                current = []
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Runs `lines` as one `sh -e` script on a terminal in `folder`, HOME a new folder of its own, and returns its
    /// status and output.
    static func onATerminal(_ lines: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let home = try TemporaryStore()
        let script = home.directory.appendingPathComponent(".example.sh")
        let prelude = [
            "set -e",
            #"swift() { if [ "$1" = run ] && [ "$2" = strata ]; then shift 2; strata "$@"; else command swift "$@"; fi; }"#,
        ]
        try (prelude + lines).joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "sh '\(script.path)'", "/dev/null"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CommandRun.productsDirectory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = home.directory.path
        environment["STRATA_STATIC"] = "1"
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = "200"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(String(repeating: "y\n", count: 8).utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func everyRunnableBlockOfTheReadmeAndTheDocsRuns() throws {
        let pages = try Self.documentation()
        #expect(!Self.runnableBlocks(in: pages[0].text).isEmpty, "README.md's tour marks a block ```sh runnable")
        let blocks = pages.flatMap { page in Self.runnableBlocks(in: page.text).map { (page.path, $0) } }
        #expect(blocks.count >= 3, "README.md and docs/ mark their runnable blocks ```sh runnable")
        for (path, block) in blocks {
            let directory = try TemporaryStore()
            let run = try Self.onATerminal(block, in: directory.directory)
            #expect(run.status == 0, "\(path):\n\(block.joined(separator: "\n"))\n---\n\(run.output)")
            #expect(!run.output.contains("error:"), "\(path): \(run.output)")
        }
    }

    /// A newcomer finds the tool before the internals: the README's quick start is the two commands, `.ci/run` runs
    /// the same test command, every page of docs/ is linked from the README, and the list of deliberate differences
    /// from SwiftData is in the README itself.
    @Test func theReadmeIndexesTheDocsAndKeepsItsFirstScreen() throws {
        let pages = try Self.documentation()
        let readme = pages[0].text
        let quickStart = try #require(
            readme.components(separatedBy: "## Quick start\n\n```sh\n").dropFirst().first?
                .components(separatedBy: "```").first)
        let commands = quickStart.split(separator: "\n").map {
            $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces)
        }
        #expect(commands == ["swift run strata demo", "swift test"])
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.split(separator: "\n").contains("swift test"), ".ci/run runs the README's `swift test`")
        for page in pages.dropFirst() {
            #expect(readme.contains("](\(page.path))"), "README.md links \(page.path)")
        }
        #expect(readme.contains("## How it compares with SwiftData"))
        #expect(readme.contains("This table lists every deliberate difference"))
        // The first screen stays: the tour comes before any reference section.
        let tour = try #require(readme.range(of: "## A short tour"))
        let differences = try #require(readme.range(of: "## How it compares with SwiftData"))
        #expect(tour.lowerBound < differences.lowerBound)
        #expect(readme.split(separator: "\n").count < 200, "the README is a front page; the reference is in docs/")
    }

    /// The lint excerpt of docs/SOURCES.md (`$ strata check --sources JournalApp` and what it prints) against the real output,
    /// run beside the JournalApp fixture: each shown line, up to its first `…`, begins a line printed, paths as given.
    @Test func theLintExcerptIsWhatTheLintPrints() throws {
        let readme = try Self.documentation().map(\.text).joined(separator: "\n")
        let block = try #require(
            readme.components(separatedBy: "```text\n$ strata check --sources JournalApp\n").dropFirst().first?
                .components(separatedBy: "```").first)
        let shown = block.split(separator: "\n").map { String($0.prefix { $0 != "…" }) }.filter { !$0.isEmpty }
        #expect(shown.count >= 6, "\(block)")
        let fixtures = Self.root.appendingPathComponent("Tests/StrataSourcesTests/Fixtures")
        let run = try Self.onATerminal(["strata check --sources JournalApp"], in: fixtures)
        #expect(run.status == 1)
        // A terminal ends lines with "\r\n", one Character to Swift: split on either.
        let printed = run.output.components(separatedBy: .newlines).map { $0.trimmingCharacters(in: .whitespaces) }
        for line in shown {
            #expect(printed.contains { $0.hasPrefix(line) }, "not printed: \(line)\n---\n\(run.output)")
        }
    }

    /// Files the `--help` examples name that this test does not make: an app's sources, device and Core Data stores.
    static let unmade = [
        "MyApp", "App.sqlite", "default.store", "Notes.store", "Notes-1.0.0.store", "Big.store", "Old.store",
        "Imported.store",
    ]

    @Test(arguments: ["info", "check", "diff", "plan", "migrate", "rows", "demo"])
    func everyHelpExampleOnTheBookshelfRuns(command: String) throws {
        let help = try CommandRun.strata([command, "--help"], environment: ["COLUMNS": "300"])
        let examples = help.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("strata \(command)") && !$0.hasPrefix("strata \(command) [") }
        #expect(!examples.isEmpty, "\(command) --help shows examples")
        var ran = 0
        for example in examples where !Self.unmade.contains(where: { example.contains($0) }) {
            // The UI waits for keys: the examples that open it are the UI tests' to run.
            if example.hasPrefix("strata open") || command == "demo" && !example.contains("--no-open") { continue }
            let directory = try TemporaryStore()
            _ = try directory.demoStore(rows: 60, name: "Books.store")
            let run = try Self.onATerminal([example], in: directory.directory)
            #expect(run.status == 0, "\(example)\n---\n\(run.output)")
            #expect(!run.output.contains("error:"), "\(example): \(run.output)")
            ran += 1
        }
        #expect(ran > 0, "\(command): no example ran")
    }
}
