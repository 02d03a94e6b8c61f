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

        let error = try #require(throws: StrataError.self) { try ledger.migrateWithLibrary() }
        // SQLite says busy (another connection's lock), kept for a caller to switch on, with the message as before.
        #expect(error.code == .busy)
        #expect(
            error.description
                == "\(ledger.url.path): stage 1.0.0 -> 2.0.0 failed: the store is locked by another connection or process; close it and try again."
        )
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
