import Foundation
import Strata
import Testing

/// The bad-input corpus through the library (`Migrator`, and the dry run) and through the command line
/// (`strata-safety migrate`): each gives a message naming the problem and its documented exit status, and the
/// store's file, -wal and -shm are byte-identical afterwards.
@Suite struct BadInputTests {
    @Test(arguments: BadInput.corpus)
    func refusedWithAClearMessageAndUntouched(_ input: BadInput) throws {
        try check(input)
    }

    private func check(_ input: BadInput) throws {
        let work = TemporaryDirectory()
        let store = work.store()
        try input.make(store)
        let before = StoreFiles.hashes(store)

        var libraryMessage = ""
        do {
            _ = try Migrator(store: store, plan: input.planType).runAll()
        } catch {
            libraryMessage = "\(error)"
        }
        #expect(libraryMessage.contains(input.message), "library: \(libraryMessage)")
        #expect(StoreFiles.hashes(store) == before, "the library changed the store")

        let dryRun = try ChildProcess.safety(["migrate", store.path, "--plan", input.plan, "--dry-run"])
        #expect(dryRun.status == input.status, "dry run: \(dryRun.error)")
        #expect(dryRun.error.contains(input.dryRunMessage ?? input.message), "dry run: \(dryRun.error)")
        let run = try ChildProcess.safety(["migrate", store.path, "--plan", input.plan, "--yes"])
        #expect(run.status == input.status, "migrate: \(run.error)")
        #expect(run.error.contains(input.message), "migrate: \(run.error)")
        #expect(!run.error.contains("strata-copy"), "the message names a private copy: \(run.error)")
        #expect(StoreFiles.hashes(store) == before, "the CLI changed the store")
    }
}
