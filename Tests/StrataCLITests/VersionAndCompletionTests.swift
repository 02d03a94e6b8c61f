import Foundation
import Strata
import Testing

@testable import StrataCLI

/// `strata --version` (release and commit), where the commit comes from (an install's record, a checkout's `.git`
/// files in their usual shapes, nothing) and shell completions. `scripts/install.sh` itself runs in .ci/run, after
/// `swift test`: run from a test it would wait for the build folder the test run holds.
@Suite
struct VersionAndCompletionTests {
    /// Writes `text` to `path` under `root`, creating its folders.
    static func write(_ text: String, _ path: String, under root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((text + "\n").utf8).write(to: url)
    }

    static let first = "0123456789abcdef0123456789abcdef01234567"
    static let second = "fedcba9876543210fedcba9876543210fedcba98"

    @Test func theVersionNamesTheReleaseAndACommit() throws {
        let run = try CommandRun.strata("--version")
        #expect(run.status == 0)
        let line = run.standardOutput.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("strata \(StrataVersion.current) (commit "), "\(line)")
        let commit = line.dropFirst("strata \(StrataVersion.current) (commit ".count).dropLast()
        #expect(line.hasSuffix(")") && (commit == "unknown" || (commit.count == 12 && commit.allSatisfy(\.isHexDigit))))
        #expect(StrataVersion.current == "0.1.0")
    }

    @Test func aCheckoutsHeadIsReadFromItsGitFiles() throws {
        let directory = try TemporaryStore()
        let root = directory.directory
        let executable = root.appendingPathComponent("build/strata")
        // A branch as a loose ref.
        let loose = root.appendingPathComponent("loose")
        try Self.write("ref: refs/heads/main", ".git/HEAD", under: loose)
        try Self.write(Self.first, ".git/refs/heads/main", under: loose)
        #expect(BuildCommit.commit(executable: executable, checkout: loose) == "0123456789ab")
        // A branch only in packed-refs (after `git gc`).
        let packed = root.appendingPathComponent("packed")
        try Self.write("ref: refs/heads/release", ".git/HEAD", under: packed)
        try Self.write(
            "# pack-refs with: peeled fully-peeled sorted\n\(Self.first) refs/heads/main\n\(Self.second) refs/heads/release",
            ".git/packed-refs", under: packed)
        #expect(BuildCommit.commit(executable: executable, checkout: packed) == "fedcba987654")
        // A detached HEAD.
        let detached = root.appendingPathComponent("detached")
        try Self.write(Self.second, ".git/HEAD", under: detached)
        #expect(BuildCommit.commit(executable: executable, checkout: detached) == "fedcba987654")
        // A linked worktree: .git is a file naming its folder in the main checkout, whose refs it shares.
        let linked = root.appendingPathComponent("linked")
        try Self.write("gitdir: ../loose/.git/worktrees/linked", ".git", under: linked)
        try Self.write("ref: refs/heads/feature", "loose/.git/worktrees/linked/HEAD", under: root)
        try Self.write("../..", "loose/.git/worktrees/linked/commondir", under: root)
        try Self.write(Self.second, "loose/.git/refs/heads/feature", under: root)
        #expect(BuildCommit.commit(executable: executable, checkout: linked) == "fedcba987654")
        // No checkout at all (an unpacked archive): unknown, and the version says so.
        let plain = root.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        #expect(BuildCommit.commit(executable: executable, checkout: plain) == nil)
        #expect(
            BuildCommit.versionText(release: "9.9.9", executable: executable, checkout: plain)
                == "strata 9.9.9 (commit unknown)")
    }

    @Test func anInstalledBinaryPrefersTheCommitRecordedWhenItWasBuilt() throws {
        let directory = try TemporaryStore()
        let prefix = directory.directory.appendingPathComponent("prefix")
        let checkout = directory.directory.appendingPathComponent("clone")
        try Self.write("ref: refs/heads/main", ".git/HEAD", under: checkout)
        try Self.write(Self.first, ".git/refs/heads/main", under: checkout)
        try Self.write(Self.second, "share/strata/commit", under: prefix)
        let executable = prefix.appendingPathComponent("bin/strata")
        // The clone moved on after the install; the installed binary is still the one built at the recorded commit.
        #expect(
            BuildCommit.versionText(release: "1.2.3", executable: executable, checkout: checkout)
                == "strata 1.2.3 (commit fedcba987654)")
        // A symbolic link to the installed binary finds the record beside the real file.
        try FileManager.default.createDirectory(
            at: directory.directory.appendingPathComponent("links"), withIntermediateDirectories: true)
        let link = directory.directory.appendingPathComponent("links/strata")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: executable)
        try Self.write("", "bin/strata", under: prefix)
        #expect(BuildCommit.commit(executable: link, checkout: checkout) == "fedcba987654")
        // Without a record: the clone's HEAD.
        try FileManager.default.removeItem(at: prefix.appendingPathComponent("share"))
        #expect(BuildCommit.commit(executable: executable, checkout: checkout) == "0123456789ab")
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
