import AppleStoreFixtures
import Foundation
import Testing

/// The real `strata open STORE --sources DIR` in tmux on a copy of a real SwiftData store whose model is 1.0.0 of
/// the app's plan (Fixtures/ResourcesApp): the UI shows the app's versions, steps the stage read from its sources
/// on the device's rows (a private import), and the store's three files stay byte-identical.
@Suite(
    .serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct DeviceStoreEndToEndTests {
    @Test func opensADeviceStoreAtItsVersionAndStepsTheStageOfTheSources() throws {
        let (url, directory) = try AppleStoreSessionTests.copy("swiftdata-resourcesmanager", "default.store")
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = AppleStoreSessionTests.files(url)
        let tree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StrataSourcesTests/Fixtures/ResourcesApp").path
        let after = directory.appendingPathComponent("after.txt")
        let tmux = try TmuxSession(
            strata: ["open", url.path, "--sources", tree], exitFile: after,
            // Tall enough that the Progress log still shows the stage's warning under its per-entity row counts.
            width: 120, height: 48)

        var screen = try tmux.wait(for: "DRY RUN")
        #expect(screen.contains("f 1.0.0") && screen.contains("t 2.0.0"), "the app's versions, the store at 1.0.0")
        #expect(screen.contains("4 Diff 1.0.0 → 2.0.0"))
        #expect(screen.contains("1.0.0 → 2.0.0  lightweight") && screen.contains("pending"))
        #expect(screen.contains("id removed (UUID)") && screen.contains("note added (String, optional)"))
        #expect(screen.contains("Browser · private copy @ 1.0.0") && !screen.contains("READ ONLY"))
        screen = try tmux.wait(for: "data: 5 non-nil values dropped")

        try tmux.send("n")
        screen = try tmux.wait(for: "Done: at 2.0.0 (on the private copy; the store is unchanged).")
        #expect(screen.contains("Browser · private copy @ 2.0.0"))
        #expect(screen.contains("warning: the lightweight stage removes data: Component.id: 5"))
        #expect(screen.contains("rows of Component: 5 changed · 0 inserted · 0 deleted · 0 unchanged"))
        try tmux.send("3", "Enter")
        screen = try tmux.wait(for: "Rows: Component")
        screen = try tmux.wait(for: "rows 1–5 of 5")
        let header = screen.split(separator: "\n").first { $0.contains("_pk") }.map(String.init) ?? ""
        #expect(header.contains("count") && !header.contains(" id "), "Component's id column went with the stage")

        try tmux.send("q")
        #expect(TmuxSession.text(of: after).hasPrefix("exit=0"))
        #expect(AppleStoreSessionTests.files(url) == before, "open never writes the store's file, -wal or -shm")
    }
}
