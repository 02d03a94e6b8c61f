import Foundation
import Testing

/// Ctrl-C (SIGINT) while `strata migrate` runs a stage: the stage is cancelled and rolls back, the report says so and
/// where the store is, and the command exits 1 rather than dying without a word.
@Suite
struct InterruptTests {
    /// A real run of the bookshelf plan interrupted in its custom stage: the first stage stays applied, the second
    /// rolls back, and the report names the store's version.
    @Test func anInterruptedStageRollsBackAndIsReported() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 100_000)
        let run = try CommandRun.strata(
            ["migrate", store, "--plan", "bookshelf", "--yes"], interruptingOnce: "2.0.0 -> 3.0.0: 5000/100000 rows")
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.contains("2. custom 2.0.0 -> 3.0.0: failed"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("The failing stage rolled back; \(store) is at 2.0.0."))
        #expect(run.standardError.contains("cancel"), "\(run.standardError)")
        let info = try CommandRun.strata("info", store, "--json").json()
        #expect(info["version"] as? String == "2.0.0")
        #expect((info["history"] as? [Any])?.count == 1)
    }
}
