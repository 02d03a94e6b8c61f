import Foundation
import Testing

/// Custom stages written the ways public apps write them (run with CompiledSourcesTests).
extension CompiledSourcesTests {
    /// A plan whose `schemas` and `stages` are stored lists, whose stage passes `didMigrate` as a trailing closure and
    /// carries each slide's album from `willMigrate` to `didMigrate` in a static dictionary of the plan keyed by the
    /// slides' persistent identifiers (looked up again with `context.model(for:)`), beside struct schemas versioned
    /// with `.init(1, 0, 0)`, `Sendable` models, an enum with associated values stored as Codable, a retroactive
    /// `Sendable` conformance of `MigrationStage` (Strata's is `Sendable` already), and a loader of pictures in the
    /// same file (importing UIKit) that nothing the migration runs uses.
    @Test func aStageCarryingValuesFromWillMigrateToDidMigrateInThePlanRuns() throws {
        let models = SourcesCommandTests.tree("SlideshowApp") + "/Slideshow/Models"
        let temporary = try TemporaryStore()
        let (report, stage, _) = try Self.dryRunFromTheFirstVersion(
            models, rows: 3, in: temporary, store: "Slides.store")
        #expect(stage["kind"] as? String == "custom")
        let rows = try #require((stage["rows"] as? [[String: Any]])?.first)
        #expect(rows["entity"] as? String == "Slide" && rows["changed"] as? Int == 3, "\(rows)")
        let after = (rows["samples"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? [String: Any] }
        #expect(
            after.compactMap { $0["album"] as? String }.sorted() == [
                "Shared by Source shared 2", "Source album 1", "Unsorted",
            ], "\(after)")
        let compiled = try #require(report["compiled"] as? [String: Any])
        #expect((compiled["helpersAdded"] as? [String] ?? []).isEmpty)
    }
}
