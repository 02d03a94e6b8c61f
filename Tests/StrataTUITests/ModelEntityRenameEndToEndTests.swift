import AppleStoreFixtures
import Foundation
import Testing

/// The real `strata open STORE --model BUNDLE` in tmux where the current version renames the entity Author to Writer
/// through its renaming identifier (CoreDataStack's real model, edited as Xcode writes `elementID`): the diff names
/// the rename, the inferred step runs on the private import, the browser then shows the authors' rows under Writer,
/// and the store's files stay byte-identical.
@Suite(
    .serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct ModelEntityRenameEndToEndTests {
    @Test func stepsAnEntityRenameAndBrowsesTheRowsUnderTheNewName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-rename-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try BookshelfStore.write(
            authors: [(1, "Ursula", "Le Guin"), (2, "Iain", "Banks")], books: [(1, "The Dispossessed")],
            in: directory)
        let before = AppleStoreSessionTests.files(url)
        let model = try BookshelfStore.renamedAuthorModel(in: directory)
        let after = directory.appendingPathComponent("after.txt")
        let tmux = try TmuxSession(
            strata: ["open", url.path, "--model", model.path], exitFile: after,
            width: 120, height: 40)

        // The first frame (DRY RUN) can come before the diff is drawn on a busy machine: wait for the diff itself.
        var screen = try tmux.wait(for: "Writer renamed from Author")
        #expect(screen.contains("DRY RUN"), "the session opens in dry-run mode:\n\(screen)")
        #expect(!screen.contains("entity Author removed"), "the rename is not a removal:\n\(screen)")

        try tmux.send("n")
        screen = try tmux.wait(for: "Browser · private copy @ TestModel 2")
        // The browser lists the two authors under the new name, and the step's row changes pair them with the old.
        #expect(
            screen.range(of: #"│ Writer +2│"#, options: .regularExpression) != nil,
            "Writer has the authors' 2 rows:\n\(screen)")
        #expect(screen.contains("rows of Writer (was Author): 0 changed · 0 inserted · 0 deleted · 2"))
        #expect(!screen.contains("failed"), "the inferred step runs:\n\(screen)")

        try tmux.send("q")
        #expect(TmuxSession.text(of: after).hasPrefix("exit=0"))
        #expect(AppleStoreSessionTests.files(url) == before, "open never writes the store's file, -wal or -shm")
    }
}
