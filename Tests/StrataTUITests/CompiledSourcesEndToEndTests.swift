import Foundation
import Testing

/// The UI on an app's sources at the compiled level, with the real `strata` in tmux: the custom stage read from the
/// sources runs in the dry run; a tree that does not compile opens at the static level and the stage says why it is
/// not run. Builds the fixture apps in a cache (minutes the first time), so it runs only with STRATA_COMPILED_TESTS=1,
/// as Tests/compiled-sources.sh runs it; STRATA_COMPILED_CACHE names the cache to reuse.
@Suite(
    .serialized,
    .enabled(
        if: TmuxSession.available && ProcessInfo.processInfo.environment["STRATA_COMPILED_TESTS"] == "1",
        "needs tmux and STRATA_COMPILED_TESTS=1"))
struct CompiledSourcesEndToEndTests {
    /// The fixture app tree `name`.
    static func tree(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StrataSourcesTests/Fixtures/\(name)").path
    }

    static var binary: String { DemoEndToEndTests.productsDirectory.appendingPathComponent("strata").path }

    /// `strata open STORE --sources TREE` in tmux at the compiled level, on a new store at 1.0.0 with sample rows.
    static func open(_ tree: String, in folder: URL) throws -> TmuxSession {
        let store = folder.appendingPathComponent("app.store").path
        let new = Process()
        new.executableURL = URL(fileURLWithPath: binary)
        new.arguments = ["new", store, "--sources", Self.tree(tree), "--at", "1.0.0", "--sample", "5", "--static"]
        new.standardOutput = FileHandle.nullDevice
        try new.run()
        new.waitUntilExit()
        guard new.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        let cache =
            ProcessInfo.processInfo.environment["STRATA_COMPILED_CACHE"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("strata-compiled-cache").path
        return try TmuxSession(
            command:
                "STRATA_STATIC= XDG_CACHE_HOME='\(cache)' TERM=xterm-256color LANG=C.UTF-8 LC_ALL= '\(binary)' open '\(store)' --sources '\(Self.tree(tree))'",
            width: 200, height: 40)
    }

    @Test func theUIRunsTheCustomStageOfTheAppsSources() throws {
        let folder = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.open("RecipesApp", in: folder)
        var screen = try tmux.wait(for: "DRY RUN", seconds: 1200)
        #expect(screen.contains("custom"))
        try tmux.send("r")
        screen = try tmux.wait(for: "Done: at 3.0.0", seconds: 60)
        #expect(!screen.contains("not run"))
        try tmux.send("q")
    }

    @Test func theUISaysWhyTheStageOfATreeThatDoesNotCompileIsNotRun() throws {
        let folder = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.open("NotesApp", in: folder)
        try tmux.wait(for: "DRY RUN", seconds: 1200)
        try tmux.send("r")
        let screen = try tmux.wait(for: "not run: its code did not compile (Priority.color", seconds: 60)
        #expect(screen.contains("1.0.0"))
        try tmux.send("q")
    }

    @Test func theProgressLogShowsWhatTheAppsStagePrintedAndTheSideFileItWrote() throws {
        let folder = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.open("GardenApp/Sources/Garden/Data", in: folder)
        try tmux.wait(for: "DRY RUN", seconds: 1200)
        try tmux.send("r")
        let screen = try tmux.wait(for: "Done: at 2.0.0", seconds: 60)
        #expect(screen.contains("| [Migration] notice: Classified 5 plants; first one <private>"), "\(screen)")
        #expect(
            screen.contains(
                "wrote Application Support/Garden/pending-watering.json (in the dry run's temporary folder, removed afterwards)"
            ), "\(screen)")
        try tmux.send("q")
    }
}
