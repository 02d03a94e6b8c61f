import Foundation
import GRDB
import Strata
import StrataExamples
import Testing

/// A store whose -wal is gone but whose -shm was left from an earlier session (a copy made without the -wal, a
/// crash cleaned up by hand): reading leaves all three files alone, and the migration runs and keeps every value.
@Suite struct StaleSharedMemoryTests {
    @Test func missingWalWithAStaleShmMigrates() throws {
        let work = TemporaryDirectory()
        let ledger = try LedgerStore(at: work.store(), rows: 500)
        let stale = work.url.appendingPathComponent("stale-shm")
        do {
            let pool = try DatabasePool(path: ledger.url.path)
            try pool.write { try $0.execute(sql: "UPDATE _strata_metadata SET value = value WHERE 0") }
            _ = try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \"Entry\"") }
            try FileManager.default.copyItem(atPath: ledger.url.path + "-shm", toPath: stale.path)
            try pool.close()
        }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: ledger.url.path + suffix) }
        try FileManager.default.copyItem(atPath: stale.path, toPath: ledger.url.path + "-shm")
        let before = StoreFiles.hashes(ledger.url)

        #expect(try StoreInspector(url: ledger.url).version() == Schema.Version(1, 0, 0))
        let dry = try Migrator.dryRun(store: ledger.url, plan: Ledger.Plan.self)
        #expect(dry.succeeded)
        let info = try ChildProcess.run(
            ChildProcess.executable("strata"), ["migrate", ledger.url.path, "--plan", "ledger", "--dry-run"])
        #expect(info.status == 0, "\(info.error)")
        #expect(StoreFiles.hashes(ledger.url) == before)

        let run = try ledger.migrateWithCLI()
        #expect(run.status == 0, "\(run.error)")
        #expect(try ledger.expectation.verify(ledger.url) == 4)
    }
}
