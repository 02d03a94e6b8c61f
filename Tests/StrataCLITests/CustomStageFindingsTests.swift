import Foundation
import Testing

/// Issue 44, item 9: a change a custom stage already makes is not a problem to fix. `check` does not advise "fill it
/// in didMigrate" for it, and after the custom stage succeeded in a dry run the values it filled are listed as what
/// its code handled, not under "!" as problems (a loss still is one).
@Suite struct CustomStageFindingsTests {
    @Test func checkDoesNotAdviseWhatTheCustomStageAlreadyDoes() throws {
        let run = try CommandRun.strata("check", "--plan", "bookshelf")
        #expect(run.status == 0)
        let custom = try #require(run.standardOutput.components(separatedBy: "2. custom 2.0.0 -> 3.0.0").last)
        #expect(!custom.contains("fix:"), "\(run.standardOutput)")
        #expect(!custom.contains("fill it in didMigrate"), "\(run.standardOutput)")
        #expect(custom.contains("done by: this custom stage's code"), "\(run.standardOutput)")
        let json = try CommandRun.strata("check", "--plan", "bookshelf", "--json").json()
        let stages = try #require(json["stages"] as? [[String: Any]])
        let firstName = try #require(
            (stages.last?["changes"] as? [[String: Any]])?.first { $0["property"] as? String == "firstName" })
        #expect(firstName["fix"] == nil && firstName["doneBy"] as? String != nil, "\(firstName)")
        // The diff, which is no stage, still says how such a change is usually made.
        let diff = try CommandRun.strata("diff", "--plan", "bookshelf", "2.0.0", "3.0.0")
        #expect(
            diff.standardOutput.contains("fix: make it optional, give it a default value, or fill it in didMigrate"))
    }

    @Test func aSucceededCustomStagesFilledValuesAreNotProblems() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 30)
        let run = try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--dry-run")
        #expect(run.status == 0, "\(run.standardError)")
        let report = try #require(run.standardOutput.components(separatedBy: "2. custom 2.0.0 -> 3.0.0").last)
        #expect(!report.contains("! Book.firstName"), "\(run.standardOutput)")
        #expect(report.contains("handled by the stage's code"), "\(run.standardOutput)")
        #expect(report.contains("- Book.firstName: 30 rows without a value"), "\(run.standardOutput)")
        #expect(
            report.contains("! Book.author: 30 non-nil values dropped"), "a loss is still one:\n\(run.standardOutput)")
    }
}
