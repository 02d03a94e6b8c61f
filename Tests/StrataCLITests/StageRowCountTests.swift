import Foundation
import Testing

/// Issue 44, item 9: stages that did work count their rows. A lightweight stage that renames in place touches every
/// row of the entity (it copied none), and a custom stage whose willMigrate deleted duplicates counts them.
@Suite struct StageRowCountTests {
    @Test func aRenameInPlaceAndADeletingWillMigrateCountTheirRows() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(plan: "trips", rows: 100)
        let run = try CommandRun.strata("migrate", store, "--plan", "trips", "--yes")
        #expect(run.status == 0, "\(run.standardError)")
        let json = try CommandRun.strata("info", store, "--json").json()
        let history = try #require(json["history"] as? [[String: Any]])
        #expect(history.map { $0["kind"] as? String } == ["custom", "lightweight"])
        // Every tenth trip repeats an earlier name: willMigrate deletes those 10 (their items cascade).
        #expect((history[0]["rows"] as? Int ?? 0) >= 10, "\(history)")
        // The dates renamed through originalName, in place: all 90 trips left.
        #expect(history[1]["rows"] as? Int == 90, "\(history)")
        #expect(!run.standardOutput.contains(" 0 row writes"), "no stage says it did nothing:\n\(run.standardOutput)")
    }
}
