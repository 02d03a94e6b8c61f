import Foundation
import Testing

/// The real `strata open STORE --sources APP` in tmux (issue 45): on the Diff pane, `w` shows the stage
/// `strata next-version` would write for the two versions diffed, read-only, with the command that writes it.
@Suite(.serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct StagePreviewEndToEndTests {
    @Test func wOnTheDiffPaneShowsTheStageStrataWouldWrite() throws {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StrataSourcesTests/Fixtures/NextVersion/RecipesLive").path
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-w-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("Recipes.store").path
        #expect(try Self.strata(["new", store, "--sources", app, "--at", "1.0.0", "--sample", "3"]) == 0)

        let after = directory.appendingPathComponent("after.txt")
        let tmux = try TmuxSession(
            strata: ["open", store, "--sources", app], exitFile: after, width: 120, height: 40)
        _ = try tmux.wait(for: "DRY RUN")
        try tmux.send("4")
        try tmux.wait(for: "w stage")
        try tmux.send("w")
        let screen = try tmux.wait(for: "The stage Strata would write")
        #expect(screen.contains("A lightweight stage:"))
        #expect(screen.contains("static let migrateV1toV2 = MigrationStage.lightweight("))
        #expect(screen.contains("Written by: strata next-version --sources"))
        try tmux.send("q")
        try tmux.send("q")
        #expect(TmuxSession.text(of: after).hasPrefix("exit=0"))
    }

    /// A bundled plan (`--plan`) has no stage to preview: the Diff pane's status bar does not offer `w`.
    @Test func theStatusBarOffersWOnlyWithSources() throws {
        let directory = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("Books.store").path
        #expect(try Self.strata(["demo", "--rows", "10", "--no-open", "--store", store]) == 0)

        let after = directory.appendingPathComponent("after.txt")
        let tmux = try TmuxSession(
            strata: ["open", store, "--plan", "bookshelf"], exitFile: after, width: 120, height: 40)
        _ = try tmux.wait(for: "DRY RUN")
        try tmux.send("4")
        let screen = try tmux.wait(for: "j/k scroll")
        #expect(screen.contains("g/G top/end") && !screen.contains("w stage"), "\(screen)")
        try tmux.send("q")
        #expect(TmuxSession.text(of: after).hasPrefix("exit=0"))
    }

    /// Runs the real `strata` with `arguments` (its output discarded) and returns its exit status.
    static func strata(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FirstUseEndToEndTests.binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
