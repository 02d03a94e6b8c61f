import Foundation
import Strata
import StrataSources
import Testing

@testable import StrataCLI

/// `strata --version` (release and the commit its binary was built from, recorded at build time by
/// scripts/build-commit.sh) and shell completions. `scripts/install.sh` itself runs in .ci/run, after `swift test`: run
/// from a test it would wait for the build folder the test run holds.
@Suite
struct VersionAndCompletionTests {
    @Test func theVersionNamesTheReleaseAndTheCommitOfTheBuild() throws {
        let run = try CommandRun.strata("--version")
        #expect(run.status == 0)
        let line = run.standardOutput.trimmingCharacters(in: .newlines)
        #expect(line == BuildCommit.versionText(release: StrataVersion.current))
        #expect(line.hasPrefix("strata \(StrataVersion.current) (commit "), "\(line)")
        #expect(StrataVersion.current == "0.1.0")
        #expect(builtCommit.isEmpty || builtCommit.count == 40, "a full commit, or none outside a checkout")
    }

    @Test func theVersionTextSaysWhatTheBuildRecorded() {
        let commit = "fedcba9876543210fedcba9876543210fedcba98"
        #expect(
            BuildCommit.versionText(release: "1.2.3", commit: commit, modified: false)
                == "strata 1.2.3 (commit fedcba987654)")
        #expect(
            BuildCommit.versionText(release: "1.2.3", commit: commit, modified: true)
                == "strata 1.2.3 (commit fedcba987654 with uncommitted changes)")
        #expect(
            BuildCommit.versionText(release: "9.9.9", commit: "", modified: false) == "strata 9.9.9 (commit unknown)")
    }

    /// The script the build runs, on a checkout of its own: the commit and whether the tree changed, nothing outside a
    /// checkout, and the file left alone when its text would not change (so an unchanged tree recompiles nothing).
    @Test func theBuildScriptRecordsTheCheckoutsCommit() throws {
        let directory = try TemporaryStore()
        let checkout = directory.directory.appendingPathComponent("app")
        let output = directory.directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        let script = CompiledPackage.builtFrom.appendingPathComponent("scripts/build-commit.sh").path
        func run(_ arguments: [String], in folder: URL) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = folder
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let file = output.appendingPathComponent("BuildCommitValue.swift")
        func recorded() throws -> String { try String(contentsOf: file, encoding: .utf8) }

        _ = try run(["sh", script, checkout.path, output.path], in: checkout)
        #expect(try recorded().contains("let builtCommit = \"\"\n"), "not a checkout yet")

        let git = ["git", "-c", "user.name=Strata", "-c", "user.email=strata@example.com"]
        _ = try run(git + ["init", "-q"], in: checkout)
        try Data("one\n".utf8).write(to: checkout.appendingPathComponent("notes.txt"))
        _ = try run(git + ["add", "notes.txt"], in: checkout)
        _ = try run(git + ["commit", "-q", "-m", "first"], in: checkout)
        let head = try run(["git", "rev-parse", "HEAD"], in: checkout)
        #expect(head.count == 40)
        _ = try run(["sh", script, checkout.path, output.path], in: checkout)
        #expect(try recorded().contains("let builtCommit = \"\(head)\""))
        #expect(try recorded().contains("let builtWithUncommittedChanges = false"))
        let written = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        _ = try run(["sh", script, checkout.path, output.path], in: checkout)
        #expect(
            try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == written,
            "the same text is not written again")

        try Data("two\n".utf8).write(to: checkout.appendingPathComponent("notes.txt"))
        _ = try run(["sh", script, checkout.path, output.path], in: checkout)
        #expect(try recorded().contains("let builtWithUncommittedChanges = true"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theShellCompletionScriptCompletesTheSubcommands(shell: String) throws {
        let run = try CommandRun.strata("--generate-completion-script", shell)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let script = run.standardOutput
        for subcommand in ["info", "check", "diff", "plan", "migrate", "rows", "import", "open", "demo"] {
            #expect(script.contains(subcommand), "\(shell): \(subcommand)")
        }
        #expect(script.contains("--dry-run") && script.contains("--sources"), "\(shell)")
    }
}
