import Foundation
import Strata
import Testing

/// A real full disk (a small tmpfs): the stage that runs out of space rolls back, the library and the CLI (exit 3, a
/// store problem) say the disk is full, the store stays byte-identical, and the migration finishes once there is room.
@Suite(.enabled(if: Tmpfs.available, "needs root and tmpfs mounts")) struct DiskFullTests {
    @Test func aFullDiskFailsTheStageAndLeavesTheStoreAsItWas() throws {
        let work = TemporaryDirectory()
        let built = try LedgerStore(at: work.store(), rows: 20_000, version: 2)
        let disk = try Tmpfs(bytes: built.size + 96 * 1024)
        let store = disk.url.appendingPathComponent("ledger.store")
        try StoreFiles.copy(built.url, to: store)
        let ledger = LedgerStore(url: store, expectation: built.expectation)
        let before = StoreFiles.hashes(store)

        #expect {
            _ = try ledger.migrateWithLibrary()
        } throws: { error in
            (error as? StrataError)?.code == .full && "\(error)".contains("the disk is full")
                && "\(error)".contains(store.path)
        }
        #expect(StoreFiles.hashes(store) == before)

        let run = try ledger.migrateWithCLI()
        #expect(run.status == 3)
        #expect(run.error.contains("the disk is full"), "\(run.error)")
        #expect(run.error.contains("2.0.0 -> 3.0.0"))
        #expect(StoreFiles.hashes(store) == before)

        try disk.resize(bytes: 64 << 20)
        #expect(try ledger.expectation.verify(store) == 2)
        #expect(try ledger.migrateWithLibrary() == 2)
        #expect(try ledger.expectation.verify(store) == 4)
    }
}
