import AppleStoreFixtures
import Foundation
import Testing

/// The real `strata open STORE --model BUNDLE` in tmux on a copy of CoreDataStack's real Core Data store, with a bundle
/// of its two real model versions: the UI shows the versions by their names (TestModel, TestModel2) beside their
/// numbers, the diff and the inferred jump, dry-runs it on a private import, and the store's files stay byte-identical.
@Suite(
    .serialized, .enabled(if: TmuxSession.available, "tmux is not installed"))
struct ModelEndToEndTests {
    @Test func opensACoreDataStoreAgainstItsModelAndDryRunsTheJump() throws {
        let (url, directory) = try AppleStoreSessionTests.copy("coredata-bnr-coredatastack", "TestModel.sqlite")
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = AppleStoreSessionTests.files(url)
        let model = try ModelBundleFixtures.coreDataStack(in: directory)
        let after = directory.appendingPathComponent("after.txt")
        let tmux = try TmuxSession(
            strata: ["open", url.path, "--model", model.path], exitFile: after,
            width: 120, height: 40)

        var screen = try tmux.wait(for: "DRY RUN")
        #expect(
            screen.contains("f TestModel ") && screen.contains("t TestModel2") && !screen.contains("1.0.0"),
            "the versions by their names alone:\n\(screen)")
        #expect(screen.contains("4 Diff TestModel → TestModel2"))
        #expect(screen.contains("TestModel → TestModel2  inferred") && screen.contains("pending"))
        #expect(screen.contains("publisher added (to-one Publisher)") && screen.contains("entity Publisher added"))
        #expect(screen.contains("Browser · private copy @ TestModel "))
        #expect(screen.contains("TestModel.sqlite @ TestModel → TestModel2"))

        try tmux.send("n")
        screen = try tmux.wait(for: "Browser · private copy @ TestModel2")
        #expect(screen.contains("TestModel → TestModel2  inferred"))

        try tmux.send("q")
        #expect(TmuxSession.text(of: after).hasPrefix("exit=0"))
        #expect(AppleStoreSessionTests.files(url) == before, "open never writes the store's file, -wal or -shm")
    }
}
