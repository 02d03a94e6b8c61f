import Foundation
import Strata
import Testing

@testable import StrataCLI

/// The public entry point with plans the bundled binary lacks: failed checks and failed migrations exit 1.
@Suite(.serialized) struct EntryPointTests {
    @Test func brokenPlanFailsTheCheck() {
        let report = CheckReport(name: "broken", checked: ValidatedPlan.check(Notes.BrokenPlan.self))
        #expect(!report.valid)
        #expect(
            report.problems.contains {
                $0.contains("is lightweight but contains a change it cannot do") && $0.contains("Note.priority")
            })
        #expect(
            StrataCommandLine.run(
                plans: ["broken": Notes.BrokenPlan.self], arguments: ["check", "--plan", "broken", "--json"]) == 1)
    }

    @Test func failingStageExitsOneAndLeavesTheStoreAtItsVersion() throws {
        let directory = try TemporaryStore()
        let url = URL(fileURLWithPath: directory.path("notes.store"))
        try Notes.makeStore(at: url)
        let plans: [String: any SchemaMigrationPlan.Type] = ["notes": Notes.FailingPlan.self]
        #expect(
            StrataCommandLine.run(
                plans: plans, arguments: ["migrate", url.path, "--plan", "notes", "--dry-run", "--json"]) == 1)
        #expect(StrataCommandLine.run(plans: plans, arguments: ["migrate", url.path, "--plan", "notes", "--yes"]) == 1)
        #expect(try StoreInspector(url: url).version() == Schema.Version(1, 0, 0))
        #expect(StrataCommandLine.run(plans: plans, arguments: ["info", url.path, "--json"]) == 0)
    }
}
