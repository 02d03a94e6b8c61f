import Foundation
import Strata
import Testing

/// Another process holds a write transaction: the library and the CLI (a third process)
/// wait their busy timeout, then say the store is locked; the store is unchanged and migrates once it is released.
@Suite struct LockedStoreTests {
    @Test func aStoreLockedByAWriterIsRefusedThenMigrates() throws {
        let work = TemporaryDirectory()
        let ledger = try LedgerStore(at: work.store(), rows: 500)
        let holder = try LockHolder(store: ledger.url)
        let before = StoreFiles.hashes(ledger.url)

        #expect {
            _ = try ledger.migrateWithLibrary()
        } throws: { error in "\(error)".contains("locked") && "\(error)".contains(ledger.url.path) }
        #expect(StoreFiles.hashes(ledger.url) == before)

        let run = try ledger.migrateWithCLI()
        #expect([1, 3].contains(run.status))
        #expect(run.error.contains("locked"), "\(run.error)")
        #expect(StoreFiles.hashes(ledger.url) == before)

        holder.release()
        #expect(try ledger.expectation.verify(ledger.url) == 1)
        #expect(try ledger.migrateWithLibrary() == 3)
        #expect(try ledger.expectation.verify(ledger.url) == 4)
    }
}
