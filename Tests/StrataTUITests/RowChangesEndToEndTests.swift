import Foundation
import Testing

/// The real `strata demo` in tmux at 80x24: after the dry run, the Progress log counts each stage's rows per entity
/// and `c` in the browser shows Book's rows as changes since 1.0.0, filtered with `f`, a row in full with Enter.
@Suite(.serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct RowChangesEndToEndTests {
    @Test func changesViewAfterTheDryRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("books.store")
        let binary = DemoEndToEndTests.productsDirectory.appendingPathComponent("strata").path
        let tmux = try TmuxSession(
            command: "TERM=xterm-256color LANG=C.UTF-8 LC_ALL= '\(binary)' demo --rows 300 --store '\(store.path)'",
            width: 80, height: 24)
        try tmux.wait(for: "DRY RUN")
        try tmux.send("r")
        try tmux.wait(for: "Done: at 3.0.0")
        try tmux.send("5", "Enter")
        var screen = try tmux.wait(for: "rows of Book: 300 changed")
        #expect(screen.contains("rows of Book: 0 changed · 0 inserted · 0 deleted · 300 unchanged"))
        try tmux.send("Escape", "3", "c")
        screen = try tmux.wait(for: "Changes: Book since 1.0.0")
        screen = try tmux.wait(for: "~300 +0 -0 =0 · rows 1–")
        #expect(screen.contains("author (dropped)") || screen.contains("isbnCode (was isbn)"))
        #expect(screen.contains("→"))
        try tmux.send("Enter")
        screen = try tmux.wait(for: "Book 1: changed since 1.0.0")
        // The row's lines come with the page read after the title: wait for them rather than race the redraw.
        screen = try tmux.wait(for: "* firstName: – → ")
        #expect(screen.contains("Book 1: changed since 1.0.0"))
        // Keys wait for the page being read: each filter is sent once the one before has shown.
        try tmux.send("Escape", "f")
        try tmux.wait("the changed rows read") { $0.contains("1.0.0 · changed") && $0.contains("rows 1–9 of 300") }
        try tmux.send("f")
        screen = try tmux.wait(for: "Changes: Book since 1.0.0 · inserted")
        screen = try tmux.wait(for: "~300 +0 -0 =0 · rows 0–0 of 0")
        try tmux.send("c")
        try tmux.wait(for: "Rows: Book")
        try tmux.send("q")
    }
}
