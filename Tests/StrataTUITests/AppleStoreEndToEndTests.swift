import AppleStoreFixtures
import Foundation
import Testing

/// The real `strata open` on a copy of a real SwiftData store (most rows in its -wal) in tmux: READ ONLY, the
/// embedded model, the entities and their rows filtered as a Strata store's are, n refused with the way to dry-run,
/// and the three files unchanged.
@Suite(
    .serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct AppleStoreEndToEndTests {
    @Test func aSwiftDataStoreOpensReadOnlyAndShowsItsRows() throws {
        let (url, directory) = try AppleStoreSessionTests.copy("swiftdata-resourcesmanager", "default.store")
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = AppleStoreSessionTests.files(url)
        let binary = DemoEndToEndTests.productsDirectory.appendingPathComponent("strata").path
        let tmux = try TmuxSession(
            command: "TERM=xterm-256color LANG=C.UTF-8 LC_ALL= '\(binary)' open '\(url.path)'", width: 120, height: 40)

        var screen = try tmux.wait(for: "READ ONLY")
        #expect(screen.contains("model 1.0.0") && screen.contains("Browser · read-only @ model 1.0.0"))
        #expect(screen.contains("CraftingRecipe") && screen.contains("Component"))
        try tmux.send("n")
        screen = try tmux.wait(for: "warning: READ ONLY: a SwiftData / Core Data store is never written.")
        // Opened without a plan, it says how to open it with the app's versions (issue 44, item 8).
        #expect(
            screen.replacingOccurrences(of: "│", with: "").contains("--model PATH"),
            "the Progress pane says how to dry-run:\n\(screen)")
        try tmux.send("3", "G", "Enter")
        screen = try tmux.wait(for: "Rows: Item")
        screen = try tmux.wait(for: "Stone Axe")
        #expect(screen.contains("CraftingRecipe#1"))
        // The filter syntax of Strata stores: Wooden Chest (7), Wooden Plank (8), Small Wooden Stick (12) contain
        // "wood"; two have a key above 7.
        try tmux.send("/", "name~WOOD Z_PK>7")
        try tmux.send("Enter")
        // Waited for whole: a capture taken while the terminal is being redrawn (on a loaded machine) can show the new
        // count above the old rows.
        screen = try tmux.wait("the two filtered rows") {
            $0.contains("rows 1–2 of 2") && $0.contains("Small Wooden Stick") && !$0.contains("Wooden Chest")
        }
        #expect(screen.contains("Wooden Plank") && screen.contains("Small Wooden Stick"))
        #expect(!screen.contains("Wooden Chest") && screen.contains(#"where name~WOOD Z_PK>7"#))
        try tmux.send("q")
        try tmux.wait("the program to end") { $0.contains("Pane is dead") || !$0.contains("READ ONLY") }
        #expect(AppleStoreSessionTests.files(url) == before, "open never writes the store's file, -wal or -shm")
    }
}
