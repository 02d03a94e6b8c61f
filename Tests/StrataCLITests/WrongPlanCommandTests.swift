import Foundation
import Testing

/// Issue 44: a store opened with the wrong `--plan` (it shares no entity with any version of the plan) is said to
/// match no version of that plan, to be opened with the plan it was made with, not to be a shipped version edited
/// since ("modified after it shipped … Restore 1.0.0"); a version really edited still says that.
@Suite struct WrongPlanCommandTests {
    @Test func aStoreOfAnotherPlanIsNamedAsSuch() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(plan: "bookshelf", rows: 5)
        for arguments in [
            ["plan", store, "--plan", "trips"], ["migrate", store, "--plan", "trips", "--dry-run"],
            ["migrate", store, "--plan", "trips", "--dry-run", "--json"],
        ] {
            let run = try AppleStoreCommandTests.run(arguments, unchanging: store)
            #expect(run.status == 1, "\(arguments)")
            #expect(
                run.standardError.hasPrefix(
                    "error: \(store) (at 1.0.0) matches no version of plan trips: open it with the plan it was made with. It holds Book; the plan's versions hold BucketListItem, LivingAccommodation, Trip. Nothing was changed."
                ), "\(arguments): \(run.standardError)")
            #expect(!run.standardError.contains("modified after it shipped"), "\(arguments)")
            #expect(!run.standardError.contains("Restore"), "\(arguments)")
        }
    }
}
