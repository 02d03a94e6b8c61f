import Foundation
import Testing

/// Issue 44, item 8, with the real `strata` in tmux at 80x24: a Core Data model's versions in the UI. A store at the
/// model's first version against its fourth is one inferred jump: the Diff shows that jump's own changes (not a walk
/// through Tasks 2 and 3), the Versions pane keeps the store and target markers in view, and the stage's detail wraps
/// its changes instead of cutting them at the pane's edge. A Core Data store opened without a model says how to add
/// one (`--model`), and the Stages pane's note ends by saying Enter shows it whole rather than stopping mid-sentence.
@Suite(.serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct CoreDataModelUIEndToEndTests {
    /// Tests/CoreDataModels/Tasks/Tasks.xcdatamodeld: Tasks, Tasks 2 (abstract Item), Tasks 3 (Tag renamed Label),
    /// Tasks 4.
    static var tasks: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CoreDataModels/Tasks/Tasks.xcdatamodeld").path
    }

    @Test func aSingleJumpIsDiffedAsTheJumpWithItsMarkersInViewAndItsDetailWrapped() throws {
        let folder = try FirstUseEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("Tasks.store").path
        let made = try SecondPassEndToEndTests.strata([
            "new", store, "--model", Self.tasks, "--at", "Tasks", "--sample", "5",
        ])
        #expect(made.status == 0, "\(made.error)")
        let exit = folder.appendingPathComponent("exit.txt")
        let tmux = try TmuxSession(
            strata: ["open", store, "--model", Self.tasks], exitFile: exit, width: 80, height: 24)
        var screen = try tmux.wait(for: "DRY RUN")
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(screen.contains("Tasks → Tasks 4  inferred"), "one inferred jump:\n\(screen)")
        // The jump's own diff: Tag becomes Label in one change, under no step of the versions between.
        #expect(screen.contains("entity Label renamed from Tag"), "\(screen)")
        #expect(!screen.contains("Tasks → Tasks 2") && !screen.contains("1.0.0 → 2.0.0"), "no walk:\n\(screen)")
        #expect(
            lines.contains { $0.contains("f Tasks ") && $0.contains("store") && !$0.contains("1.0.0") }, "\(screen)")
        #expect(
            lines.contains { $0.contains("t Tasks 4") && $0.contains("target") && !$0.contains("4.0.0") }, "\(screen)")
        // Its versions by their names wherever a sentence names them, as the Stages pane does: not 1.0.0 here and
        // Tasks there.
        screen = try tmux.wait(for: "Data counts from the private copy at Tasks.")

        try tmux.send("2", "Enter")
        screen = try tmux.wait(for: "Stage Tasks → Tasks 4")
        // The large pane's rows: none of its changes runs off the pane's edge.
        let detail = screen.split(separator: "\n").map { String($0.dropFirst(32)) }.prefix(12)
        #expect(!detail.contains { $0.contains("…│") }, "the changes wrap:\n\(screen)")
        #expect(screen.contains("Label renamed from Tag"), "\(screen)")

        try tmux.send("q")
        #expect(TmuxSession.text(of: exit).hasPrefix("exit=0"))
    }

    @Test func aCoreDataStoreWithoutAModelSuggestsModelAndItsNoteIsNotCutMidSentence() throws {
        let (url, directory) = try AppleStoreSessionTests.copy("coredata-bnr-coredatastack", "TestModel.sqlite")
        defer { try? FileManager.default.removeItem(at: directory) }
        let exit = directory.appendingPathComponent("exit.txt")
        let tmux = try TmuxSession(strata: ["open", url.path], exitFile: exit, width: 80, height: 24)
        var screen = try tmux.wait(for: "READ ONLY")
        #expect(screen.contains("Enter: all"), "the cut note says how to read it whole:\n\(screen)")
        try tmux.send("n")
        screen = try tmux.wait(for: "--model PATH (a Core Data model")
        #expect(screen.contains("strata open TestModel.sqlite --model PATH"), "\(screen)")
        try tmux.send("2", "Enter")
        screen = try tmux.wait(for: "a plan's versions.")
        try tmux.send("Escape", "q")
        #expect(TmuxSession.text(of: exit).hasPrefix("exit=0"))
    }
}
