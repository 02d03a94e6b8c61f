import Foundation
import Strata
import StrataExamples
import Testing

/// Issue 44 with the real `strata` in tmux: a store made read-only dry-runs (as an ordinary user), APPLY after a
/// complete dry run starts from the store's own version, and a failure of several lines reads as lines in the
/// Progress log.
@Suite(.serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct SecondPassEndToEndTests {
    /// A bookshelf store at 1.0.0 with `rows` books in a new folder (removed by the caller's `defer`).
    static func bookshelf(rows: Int) throws -> (folder: URL, store: URL) {
        let folder = try FirstUseEndToEndTests.folder()
        let store = folder.appendingPathComponent("Books.store")
        try ExamplePlans.named("bookshelf")?.makeStore(store, rows)
        return (folder, store)
    }

    /// Runs the real `strata` with `arguments` (no terminal) and returns its exit status and standard error.
    static func strata(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FirstUseEndToEndTests.binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["STRATA_STATIC": "1"]) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let error = Pipe()
        process.standardError = error
        try process.run()
        let data = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv"),
            "needs root to run as nobody"))
    func aStoreTheUserMayNotWriteDryRunsInTheUI() throws {
        let (folder, store) = try Self.bookshelf(rows: 40)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let before = try DemoEndToEndTests.fingerprint(of: store)
        let tmux = try TmuxSession(
            command:
                "TERM=xterm-256color LANG=C.UTF-8 LC_ALL= /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups '\(FirstUseEndToEndTests.binary)' open '\(store.path)' --plan bookshelf",
            width: 120, height: 40)
        try tmux.wait(for: "DRY RUN")
        try tmux.send("r")
        let screen = try tmux.wait(for: "Done: at 3.0.0")
        #expect(!screen.contains("read-only"), "\(screen)")
        #expect(screen.contains("Browser · private copy @ 3.0.0"), "\(screen)")
        #expect(try DemoEndToEndTests.fingerprint(of: store) == before)
        try tmux.send("q")
    }

    @Test func applyAfterACompleteDryRunStartsFromTheStoresOwnVersion() throws {
        let (folder, store) = try Self.bookshelf(rows: 60)
        defer { try? FileManager.default.removeItem(at: folder) }
        let exit = folder.appendingPathComponent("exit.txt")
        let tmux = try TmuxSession(
            strata: ["open", store.path, "--plan", "bookshelf"], exitFile: exit, width: 120, height: 40)
        try tmux.wait(for: "DRY RUN")
        try tmux.send("r")
        try tmux.wait(for: "Done: at 3.0.0 (on the private copy; the store is unchanged)")
        try tmux.send("n")
        var screen = try tmux.wait(for: "The dry run is complete")
        #expect(screen.contains("m switches to APPLY"), "\(screen)")

        try tmux.send("m")
        screen = try tmux.wait(for: "Switch to APPLY mode?")
        #expect(screen.contains("from its own version 1.0.0: 1.0.0 → 2.0.0 → 3.0.0"), "\(screen)")
        try tmux.send("apply")
        try tmux.send("Enter")
        try tmux.wait(for: "APPLY mode: n and r now write")
        try tmux.send("r")
        screen = try tmux.wait(for: "Migrate the store 1.0.0 → 3.0.0")
        try tmux.send("yes")
        try tmux.send("Enter")
        screen = try tmux.wait("the store migrated") { $0.contains("Done: at 3.0.0") && !$0.contains("private copy;") }
        try tmux.send("q")
        #expect(TmuxSession.text(of: exit).hasPrefix("exit=0"))
        #expect(try StoreInspector(url: store).version() == Schema.Version(3, 0, 0))
    }

    /// A stage cancelled and run again is still stage 2 of 2, and the changes view still starts at the store's
    /// version (1.0.0, with the rename of isbn): the run's history is the migrator's, kept across the cancel.
    @Test func aCancelledStageRunAgainKeepsTheRunsHistory() throws {
        let folder = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try FirstUseEndToEndTests.demo(rows: 300_000, in: folder)
        try tmux.wait(for: "DRY RUN", seconds: 120)
        try tmux.send("n")
        try tmux.wait(for: "1 stage left", seconds: 60)
        try tmux.send("n")
        try tmux.wait(for: "Stage 2/2")
        try tmux.wait(for: "step didMigrate", seconds: 60)
        try tmux.send("C-c")
        try tmux.wait(for: "Cancelled: the stage rolled back", seconds: 20)
        try tmux.send("n")
        var screen = try tmux.wait(for: "Done: at 3.0.0", seconds: 120)
        #expect(screen.contains("Stage 2/2 2.0.0 → 3.0.0  done"), "\(screen)")
        #expect(!screen.contains("Stage 1/1"), "\(screen)")
        try tmux.send("3", "c")
        screen = try tmux.wait(for: "Changes: Book since 1.0.0")
        screen = try tmux.wait(for: "~300,000 +0 -0 =0")
        #expect(screen.contains("isbnCode (was isbn)") || screen.contains("author (dropped)"), "\(screen)")
        try tmux.send("q")
    }

    /// The changes view at 80 columns opens on what changed (the key, then the changed columns, then the rest), says
    /// h/l scrolls the others, and a bigger window loads as many rows as it shows: PgDn then goes on from there.
    @Test func theChangesViewShowsWhatChangedFirstAndReloadsOnResize() throws {
        let folder = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try FirstUseEndToEndTests.demo(rows: 300, in: folder, width: 80, height: 24)
        try tmux.wait(for: "DRY RUN")
        try tmux.send("r")
        try tmux.wait(for: "Done: at 3.0.0")
        try tmux.send("3", "c")
        var screen = try tmux.wait(for: "~300 +0 -0 =0 · rows 1–9 of 300")
        let header = try #require(screen.split(separator: "\n").first { $0.contains("_pk") }, "\(screen)")
        #expect(header.contains("_pk  author (dropped)"), "\(header)")
        #expect(screen.contains("h/l columns"), "\(screen)")
        try tmux.resize(width: 120, height: 40)
        screen = try tmux.wait(for: "rows 1–18 of 300")
        let rows = screen.split(separator: "\n").filter {
            $0.range(of: #"│ \d+ +"#, options: .regularExpression) != nil
        }
        #expect(rows.contains { $0.contains("│ 18 ") }, "\(screen)")
        try tmux.send("PageDown")
        try tmux.wait(for: "rows 19–36 of 300")
        try tmux.send("q")
    }

    /// `open --read-only` dry-runs but never switches to APPLY: `m` says why, and the store stays at 1.0.0.
    @Test func aStoreOpenedReadOnlyNeverSwitchesToApply() throws {
        let (folder, store) = try Self.bookshelf(rows: 30)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try DemoEndToEndTests.fingerprint(of: store)
        let exit = folder.appendingPathComponent("exit.txt")
        let tmux = try TmuxSession(
            strata: ["open", store.path, "--plan", "bookshelf", "--read-only"], exitFile: exit, width: 120, height: 40)
        try tmux.wait(for: "DRY RUN")
        try tmux.send("r")
        try tmux.wait(for: "Done: at 3.0.0 (on the private copy; the store is unchanged)")
        try tmux.send("m")
        let screen = try tmux.wait(for: "Opened with --read-only")
        #expect(!screen.contains("Switch to APPLY mode?") && !screen.contains(" APPLY "), "\(screen)")
        try tmux.send("q")
        #expect(TmuxSession.text(of: exit).hasPrefix("exit=0"))
        #expect(try DemoEndToEndTests.fingerprint(of: store) == before)
    }

    /// `y` on a stage puts it, with its SQL, on the clipboard through OSC 52: tmux (set-clipboard on) keeps it as a
    /// paste buffer, as a terminal over SSH would put it on the local clipboard.
    @Test func yCopiesAStageThroughOSC52() throws {
        let (folder, store) = try Self.bookshelf(rows: 20)
        defer { try? FileManager.default.removeItem(at: folder) }
        let exit = folder.appendingPathComponent("exit.txt")
        let tmux = try TmuxSession(
            strata: ["open", store.path, "--plan", "bookshelf"], exitFile: exit, width: 120, height: 40)
        _ = try TmuxSession.run(["set-option", "-s", "set-clipboard", "on"])
        try tmux.wait(for: "DRY RUN")
        try tmux.send("2", "y")
        try tmux.wait(for: "Copied stage 1.0.0 → 2.0.0 with its SQL to the clipboard")
        let buffer = try TmuxSession.run(["show-buffer"]).output
        #expect(buffer.hasPrefix("Stage 1.0.0 → 2.0.0 (lightweight)\npending"), "\(buffer)")
        #expect(buffer.contains("ALTER TABLE"), "\(buffer)")
        try tmux.send("q")

        // The stage's CLI line, copied with it, runs as the UI's dry run of that stage did.
        let line = try #require(
            buffer.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first {
                $0.hasPrefix("strata migrate ")
            }, "\(buffer)")
        #expect(line == "strata migrate \(store.path) --plan bookshelf --to 2.0.0 --dry-run --rows")
        let before = try DemoEndToEndTests.fingerprint(of: store)
        let run = try Self.strata(Array(line.split(separator: " ").dropFirst().map(String.init)))
        #expect(run.status == 0, "\(run.error)")
        #expect(try DemoEndToEndTests.fingerprint(of: store) == before)
    }

    /// `e` on the changes view writes its page as a Markdown table into a new file of the current folder, named in
    /// the message.
    @Test func eExportsTheChangesViewToAFile() throws {
        let (folder, store) = try Self.bookshelf(rows: 30)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try TmuxSession(
            command:
                "cd '\(folder.path)' && TERM=xterm-256color LANG=C.UTF-8 LC_ALL= '\(FirstUseEndToEndTests.binary)' open '\(store.path)' --plan bookshelf",
            width: 120, height: 40)
        try tmux.wait(for: "DRY RUN")
        try tmux.send("r")
        try tmux.wait(for: "Done: at 3.0.0")
        try tmux.send("3", "c")
        try tmux.wait(for: "~30 +0 -0 =0")
        try tmux.send("e")
        let file = folder.appendingPathComponent("strata-Book-changes.md")
        try tmux.wait(for: "Exported to \(file.path)")
        let markdown = try String(contentsOf: file, encoding: .utf8)
        let lines = markdown.split(separator: "\n").map(String.init)
        #expect(lines.first == "# Book: changes since 1.0.0 (all)")
        #expect(
            lines.contains(
                "| _pk | author (dropped) | firstName | lastName | isbnCode (was isbn) | title | publishedYear |"),
            "\(markdown)")
        #expect(lines.contains { $0.hasPrefix("| 1 | Frank Herbert → – | – → Frank | – → Herbert |") }, "\(markdown)")
        try tmux.send("q")
    }

    /// `strata demo` says what it builds while it builds it, rather than leaving the terminal blank for seconds.
    @Test func theDemoSaysWhatItBuildsWhileItBuildsIt() throws {
        let folder = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try FirstUseEndToEndTests.demo(rows: 200_000, in: folder)
        let screen = try tmux.wait(
            for: "Building the bookshelf demo store: 200,000 rows at its first version", seconds: 5)
        #expect(screen.contains(folder.appendingPathComponent("books.store").path), "\(screen)")
        try tmux.wait(for: "DRY RUN", seconds: 120)
        try tmux.send("q")
    }

    @Test func aFailureOfSeveralLinesReadsAsLinesInTheProgressLog() throws {
        let folder = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("HelpdeskApp")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Self.helpdeskApp.write(
            to: sources.appendingPathComponent("Tickets.swift"), atomically: true, encoding: .utf8)
        let store = folder.appendingPathComponent("tickets.store")
        let made = try Self.strata(["new", store.path, "--sources", sources.path, "--at", "1.0.0", "--sample", "120"])
        #expect(made.status == 0, "\(made.error)")
        let tmux = try TmuxSession(
            command:
                "TERM=xterm-256color LANG=C.UTF-8 LC_ALL= STRATA_STATIC=1 '\(FirstUseEndToEndTests.binary)' open '\(store.path)' --sources '\(sources.path)'",
            width: 120, height: 40)
        try tmux.wait(for: "DRY RUN")
        try tmux.send("n")
        let screen = try tmux.wait(for: "Ticket.number: 20 groups of duplicate")
        #expect(!screen.contains("\\n"), "\(screen)")
        let lines = screen.split(separator: "\n")
        #expect(
            lines.contains { $0.contains("│     - Ticket.number: 20 groups of duplicate") },
            "the problem on its own line: \(screen)")
        try tmux.send("q")
    }

    /// A help-desk app whose 1.0.0 -> 2.0.0 lightweight stage makes the ticket number unique (the sample rows repeat
    /// numbers, so the stage fails with a line per problem).
    static let helpdeskApp = """
        import SwiftData

        enum HelpdeskV1: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
            static var models: [any PersistentModel.Type] { [Ticket.self] }
            @Model final class Ticket {
                var number: Int
                init(number: Int) { self.number = number }
            }
        }

        enum HelpdeskV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [Ticket.self] }
            @Model final class Ticket {
                @Attribute(.unique) var number: Int
                init(number: Int) { self.number = number }
            }
        }

        enum HelpdeskPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [HelpdeskV1.self, HelpdeskV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: HelpdeskV1.self, toVersion: HelpdeskV2.self)] }
        }
        """
}
