import Foundation
import Testing

/// Removals drop their data as in SwiftData, with warnings; `--refuse-data-loss` refuses them before anything runs.
@Suite struct DataLossCommandTests {
    /// Ledger's 2.0.0 -> 3.0.0 is a lightweight stage that drops `Entry.legacyCode`.
    @Test func aLightweightRemovalRunsWithAWarningNamingTheCount() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(plan: "ledger", rows: 12)
        let run = try CommandRun.strata("migrate", store, "--plan", "ledger", "--to", "3.0.0", "--dry-run")
        #expect(run.status == 0)
        let warning = try #require(run.standardOutput.split(separator: "\n").first { $0.contains("warning:") })
        #expect(warning.hasPrefix("2.0.0 -> 3.0.0: warning: the lightweight stage removes data: Entry.legacyCode: "))
        #expect(warning.contains("non-nil values dropped"))
    }

    @Test func refuseDataLossExitsOneAndTouchesNothing() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(plan: "ledger", rows: 12)
        let before = TemporaryStore.digests(of: store)
        for extra in [["--dry-run"], ["--yes"]] {
            let run = try CommandRun.strata(["migrate", store, "--plan", "ledger", "--refuse-data-loss"] + extra)
            #expect(run.status == 1, "\(extra)")
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.contains("would lose data"))
            #expect(run.standardError.contains("2.0.0 -> 3.0.0: Entry.legacyCode removed"))
            #expect(run.standardError.contains(store))
            #expect(TemporaryStore.digests(of: store) == before)
        }
        #expect(try CommandRun.strata("info", store, "--json").json()["version"] as? String == "1.0.0")
    }
}
