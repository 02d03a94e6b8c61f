import Foundation
import Strata
import StrataExamples

/// Ledger stores for the fault and bad-input tests, with the expectation read from their seed.
struct LedgerStore {
    let url: URL
    let expectation: LedgerExpectation

    /// A ledger store of `rows` entries at `url`, migrated to `version` (1.0.0 to 4.0.0).
    init(at url: URL, rows: Int, version: Int = 1) throws {
        let seed = url.deletingLastPathComponent().appendingPathComponent("seed-\(UUID().uuidString).store")
        try Ledger.makeDemoStore(at: seed, rows: rows)
        expectation = try LedgerExpectation(seedStore: seed)
        try StoreFiles.copy(seed, to: url)
        for suffix in StoreFiles.suffixes { try? FileManager.default.removeItem(atPath: seed.path + suffix) }
        if version > 1 {
            _ = try Migrator(store: url, plan: Ledger.Plan.self, to: Schema.Version(version, 0, 0)).runAll()
        }
        self.url = url
    }

    /// A ledger store already at `url` (a copy of one made with the other initialiser).
    init(url: URL, expectation: LedgerExpectation) {
        self.url = url
        self.expectation = expectation
    }

    /// The store's size in bytes (the main file).
    var size: Int { (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0 }

    /// `strata migrate <store> --plan ledger --yes`, optionally through a prefix (`sh -c`, `setpriv`).
    func migrateWithCLI(prefix: [String] = []) throws -> ChildProcess.Outcome {
        try ChildProcess.run(
            ChildProcess.executable("strata"), ["migrate", url.path, "--plan", "ledger", "--yes"], prefix: prefix)
    }

    /// Migrates with the library to 4.0.0; returns the number of stages run.
    func migrateWithLibrary() throws -> Int { try Migrator(store: url, plan: Ledger.Plan.self).runAll().count }
}
