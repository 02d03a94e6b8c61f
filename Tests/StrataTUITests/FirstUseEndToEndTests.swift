import Foundation
import Testing

/// Issue 17 with the real `strata` in tmux: Ctrl-C and `q` stop a running custom stage at once, row filters
/// take values with spaces, a long message wraps, a 60x16 terminal shows whole hints and a scrolling help, and an
/// ASCII-only locale drops no character of the data.
@Suite(.serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct FirstUseEndToEndTests {
    /// A new folder for one test's store, removed afterwards by the caller's `defer`.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static var binary: String { DemoEndToEndTests.productsDirectory.appendingPathComponent("strata").path }

    /// `strata demo` on a new store in `folder`, in tmux at a size and locale, with `then` run after it exits.
    static func demo(
        rows: Int, in folder: URL, width: Int = 120, height: Int = 40, locale: String = "LANG=C.UTF-8 LC_ALL=",
        then: String = ""
    ) throws -> TmuxSession {
        let store = folder.appendingPathComponent("books.store")
        return try TmuxSession(
            command: "TERM=xterm-256color \(locale) '\(binary)' demo --rows \(rows) --store '\(store.path)'\(then)",
            width: width, height: height)
    }

    @Test func controlCAndQStopARunningCustomStageWithinASecondOrTwo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let after = folder.appendingPathComponent("after.txt")
        let tmux = try Self.demo(rows: 300_000, in: folder, then: "; echo \"exit=$?\" > '\(after.path)'")
        try tmux.wait(for: "DRY RUN", seconds: 120)

        try tmux.send("r")
        try tmux.wait(for: "Stage 2/2")
        try tmux.wait(for: "step didMigrate", seconds: 60)
        let cancelled = Date()
        try tmux.send("C-c")
        var screen = try tmux.wait(for: "Cancelled: the stage rolled back", seconds: 20)
        let seconds = Date().timeIntervalSince(cancelled)
        #expect(seconds < 3, "Ctrl-C inside didMigrate rolled back in \(seconds) s")
        #expect(screen.contains("cancelled") && !screen.contains("100%"))

        try tmux.send("n")
        // Run again, the cancelled stage is still stage 2 of 2 (issue 44).
        try tmux.wait(for: "Stage 2/2")
        try tmux.wait(for: "step didMigrate", seconds: 60)
        try tmux.send("q")
        // Wait for the overlay's last line: a capture can land while the overlay is half drawn.
        screen = try tmux.wait(for: "cancel and quit")
        #expect(screen.contains("Quit?"))
        let quit = Date()
        try tmux.send("q")
        #expect(TmuxSession.text(of: after).hasPrefix("exit=0"))
        #expect(Date().timeIntervalSince(quit) < 4, "q quit after the rollback")
    }

    @Test func rowFiltersTakeValuesWithSpaces() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.demo(rows: 1200, in: folder)
        try tmux.wait(for: "DRY RUN")
        try tmux.send("3", "Enter")
        try tmux.wait(for: "of 1,200")
        try tmux.send("/", "author=Jane Austen")
        try tmux.send("Enter")
        var screen = try tmux.wait(for: "of 100")
        #expect(screen.contains(#"where author="Jane Austen""#))
        try tmux.send("/", "C-u", "author~AUSTEN _pk>600")
        try tmux.send("Enter")
        screen = try tmux.wait(for: "of 50")
        try tmux.send("/", "C-u", "writer=x")
        try tmux.send("Enter")
        screen = try tmux.wait(for: "no column 'writer'")
        #expect(screen.contains("of 50"), "a refused filter keeps the rows shown")
        try tmux.send("q")
    }

    /// A refused filter's message (about 290 characters) wraps whole above the status bar at 80x24; at 60x16 it
    /// takes three lines, the last pointing to the log, which Enter in the Progress pane opens whole.
    @Test func aLongMessageWrapsWhereItAppearsAndTheLogHasItWhole() throws {
        for (width, height) in [(80, 24), (60, 16)] {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let tmux = try Self.demo(rows: 50, in: folder, width: width, height: height)
            try tmux.wait(for: "DRY RUN")
            try tmux.send("3", "Enter")
            try tmux.wait(for: "of 50")
            try tmux.send("/", "writer=x")
            try tmux.send("Enter")
            func unwrapped(_ screen: String) -> String {
                screen.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │|")) }
                    .joined(separator: " ")
            }
            if width == 80 {
                let screen = try tmux.wait("the whole message") {
                    unwrapped($0).contains(
                        "quote values with spaces or not (author=\"Jane Austen\" or author=Jane Austen).")
                }
                #expect(screen.contains("no column 'writer'") && !screen.contains("whole in the log"), "\(screen)")
            } else {
                try tmux.wait(for: "whole in the log: 5, Enter")
                try tmux.send("5", "Enter")
                // The Log overlay, scrolled to its end, holds the message's last words.
                let log = try tmux.wait("the whole message in the Log overlay") {
                    $0.contains("─ Log ─") && unwrapped($0).contains("(author=\"Jane Austen\" or author=Jane")
                }
                #expect(unwrapped(log).contains("Book has no column 'writer'"), "\(log)")
            }
            try tmux.send("Escape", "q")
            try tmux.wait("the program to end") { !$0.contains("DRY RUN") }
        }
    }

    @Test func aSmallTerminalShowsWholeHintsAndAScrollingHelp() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.demo(rows: 100, in: folder, width: 60, height: 16)
        var screen = try tmux.wait(for: "DRY RUN")
        let status = screen.split(separator: "\n").last { $0.contains("DRY RUN") }.map(String.init) ?? ""
        #expect(!status.contains("…") && status.contains("q quit"), "status: \(status)")
        try tmux.send("?")
        screen = try tmux.wait(for: "Keys")
        #expect(!screen.contains("Ctrl-C"))
        try tmux.send("G")
        screen = try tmux.wait(for: "Ctrl-C")
        #expect(screen.contains("q "))
        try tmux.send("Escape", "q")
    }

    @Test func anASCIILocaleShowsEveryCharacterOfTheData() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.demo(rows: 24, in: folder, locale: "LC_ALL=C")
        try tmux.wait(for: "DRY RUN")
        try tmux.send("3", "Enter")
        let screen = try tmux.wait(for: "of 24")
        #expect(screen.contains("Gabriel Garcia Marquez"), "no character dropped: \(screen)")
        #expect(screen.contains("Wislawa Szymborska"))
        let rows = screen.split(separator: "\n").filter {
            $0.contains("978-0000000007") || $0.contains("978-0000000001")
        }
        #expect(
            Set(
                rows.compactMap { row in
                    row.range(of: "978-").map { row.distance(from: row.startIndex, to: $0.lowerBound) }
                }
            ).count == 1, "the next column does not shift")
        try tmux.send("q")
    }
}
