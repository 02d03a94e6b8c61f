import Foundation
import Testing

/// The real `strata demo` in a pseudo-terminal (tmux): every stage in dry-run mode, the panes, the store's
/// bytes unchanged, and a clean quit that leaves the terminal in cooked mode.
@Suite(.serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct DemoEndToEndTests {
    /// The folder with the test bundle and the `strata` executable.
    static var productsDirectory: URL {
        Bundle.main.executableURL?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".build/debug")
    }

    @Test func dryRunStepsThroughEveryStageAndLeavesTheStoreUntouched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("books.store")
        let after = folder.appendingPathComponent("after.txt")
        let binary = Self.productsDirectory.appendingPathComponent("strata").path
        let command =
            "TERM=xterm-256color LANG=C.UTF-8 LC_ALL= '\(binary)' demo --rows 3000 --store '\(store.path)'; echo \"exit=$?\" > '\(after.path)'; stty -a >> '\(after.path)'"
        let tmux = try TmuxSession(command: command, width: 120, height: 40)

        var screen = try tmux.wait(for: "DRY RUN")
        #expect(screen.contains("1 Versions") && screen.contains("2 Stages") && screen.contains("5 Progress"))
        #expect(screen.contains("4 Diff 1.0.0 → 3.0.0"))
        #expect(screen.contains("destructive") && screen.contains("custom"))
        screen = try tmux.wait(for: "3,000 rows without a value")
        let before = try Self.fingerprint(of: store)

        try tmux.send("n")
        screen = try tmux.wait(for: "1 stage left")
        #expect(screen.contains("done"))
        try tmux.send("r")
        screen = try tmux.wait(for: "Done: at 3.0.0")
        #expect(screen.contains("Browser · private copy @ 3.0.0"), "the browser is up to date when Done shows")
        #expect(!screen.contains("pending"))

        try tmux.send("2", "Enter")
        screen = try tmux.wait(for: "Steps and SQL it ran")
        try tmux.send("Escape", "3", "Enter")
        screen = try tmux.wait(for: "Rows: Book")
        screen = try tmux.wait(for: "of 3,000")
        #expect(screen.contains("firstName") && screen.contains("lastName"))
        try tmux.send("?")
        try tmux.wait(for: "closes this help.")
        try tmux.send("Escape")
        try tmux.wait("help to close") { !$0.contains("closes this help.") }

        #expect(try Self.fingerprint(of: store) == before, "the dry run must not write the store, its -wal or -shm")
        try tmux.send("q")
        let report = TmuxSession.text(of: after, once: "speed")
        #expect(report.hasPrefix("exit=0"))
        #expect(report.contains(" icanon") && report.contains(" echo"), "the terminal is back in cooked mode")
    }

    @Test func aTerminalWithoutUTF8DrawsInASCII() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("books.store")
        let binary = Self.productsDirectory.appendingPathComponent("strata").path
        let tmux = try TmuxSession(
            command: "TERM=xterm-256color LC_ALL=C '\(binary)' demo --rows 10 --store '\(store.path)'", width: 100,
            height: 30)

        let screen = try tmux.wait(for: "DRY RUN")
        #expect(screen.contains("+- 1 Versions -") && screen.contains("Diff 1.0.0 -> 3.0.0"))
        #expect(screen.unicodeScalars.allSatisfy { $0.isASCII }, "nothing the C locale cannot show: \(screen)")
        try tmux.send("q")
    }

    /// The Progress pane's bar after each stage: the in-place lightweight stage copies no rows one by one, so its bar
    /// shows no "0 / 0 rows" beside its 200-odd row writes; the custom stage's counts its rows.
    @Test func aStageCopyingNoRowsShowsNoRowCounts() throws {
        let folder = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try FirstUseEndToEndTests.demo(rows: 300, in: folder)
        try tmux.wait(for: "DRY RUN")
        try tmux.send("n")
        var screen = try tmux.wait(for: "1 stage left")
        #expect(screen.contains("done · ") && screen.contains("300 writes"), "\(screen)")
        #expect(screen.contains("] 100%") && !screen.contains("0 / 0 rows"), "\(screen)")
        try tmux.send("n")
        screen = try tmux.wait(for: "Done: at 3.0.0")
        #expect(screen.contains("] 100%  300 / 300 rows"), "\(screen)")
        try tmux.send("q")
    }

    /// The bytes of the store and its -wal and -shm (nil for an absent file).
    static func fingerprint(of store: URL) throws -> [Data?] {
        try ["", "-wal", "-shm"].map { suffix in
            let path = store.path + suffix
            return FileManager.default.fileExists(atPath: path) ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil
        }
    }
}
