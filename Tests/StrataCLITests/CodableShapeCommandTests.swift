import Foundation
import Testing

/// A Codable struct stored as an attribute whose shape changes (issue 49, 1): `diff` names the fields and what they
/// do to the stored values, and `plan` counts in a store the values the new shape no longer decodes.
@Suite struct CodableShapeCommandTests {
    static let lending = SourcesCommandTests.tree("Corpus/LendingApp")

    @Test func diffNamesTheFieldsAddedAndWhyTheStageIsCustom() throws {
        let diff = try CommandRun.strata("diff", "--sources", Self.lending, "1.0.0", "2.0.0")
        #expect(diff.status == 0)
        #expect(
            diff.standardOutput.contains(
                "~ Loan.borrower (json Borrower) changed shape: phone added (String, required: stored values have none, so they no longer decode); role added ((member | guest(sponsor: String)), required: stored values have none, so they no longer decode)  [custom]"
            ), "\(diff.standardOutput)")
        #expect(
            diff.standardOutput.contains(
                "why: the values stored in Loan.borrower no longer decode as json Borrower (phone, role)"))
    }

    @Test func planCountsTheStoredValuesTheNewShapeDoesNotDecode() throws {
        let temporary = try TemporaryStore()
        let store = temporary.path("lending.store")
        let made = try CommandRun.strata("new", store, "--sources", Self.lending, "--at", "1.0.0", "--sample", "5")
        #expect(made.status == 0, "\(made.standardError)")
        let plan = try CommandRun.strata("plan", store, "--sources", Self.lending, "--json")
        #expect(plan.status == 0, "\(plan.standardError)")
        let stages = try plan.json()["stages"] as? [[String: Any]] ?? []
        let findings = stages.first?["findings"] as? [[String: Any]] ?? []
        #expect(
            findings.map { "\($0["description"] ?? "")" } == [
                "Loan.borrower: 5 values that do not convert (e.g. Loan/1, Loan/2, Loan/3, Loan/4, Loan/5)"
            ])
    }
}
