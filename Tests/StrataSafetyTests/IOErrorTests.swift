import Foundation
import Strata
import Testing

/// Writes that fail in the kernel: the CLI runs under a file-size limit (RLIMIT_FSIZE through `ulimit -f`, with
/// SIGXFSZ ignored), so the -wal cannot grow past 128 KiB and the rebuild's writes fail (EFBIG). The stage rolls
/// back with a message naming the store and the stage, the store is byte-identical, and without the limit the
/// migration finishes.
@Suite struct IOErrorTests {
    @Test func failingWritesRollTheStageBack() throws {
        let work = TemporaryDirectory()
        let ledger = try LedgerStore(at: work.store(), rows: 20_000, version: 2)
        let before = StoreFiles.hashes(ledger.url)

        let limited = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 256; exec \"$0\" \"$@\""]
        let run = try ledger.migrateWithCLI(prefix: limited)
        #expect(run.status == 3, "\(run.error)")
        #expect(run.error.contains("disk I/O error") || run.error.contains("the disk is full"), "\(run.error)")
        #expect(run.error.contains(ledger.url.path))
        #expect(run.error.contains("2.0.0 -> 3.0.0"))
        #expect(StoreFiles.hashes(ledger.url) == before)

        let again = try ledger.migrateWithCLI()
        #expect(again.status == 0, "\(again.error)")
        #expect(try ledger.expectation.verify(ledger.url) == 4)
    }
}
