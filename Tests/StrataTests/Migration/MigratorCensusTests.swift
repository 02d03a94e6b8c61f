import Foundation
import Strata
import StrataExamples
import Testing

/// The counts a UI shows after a dry run's stages, read through the migrator's own connection: the same version and
/// counts as opening the copy to count them, stage by stage, and the original never touched.
@Suite struct MigratorCensusTests {
    /// Each entity's count, by name.
    private func counts(_ census: (version: Schema.Version?, rows: [(entity: String, rows: Int)])) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: census.rows.map { ($0.entity, $0.rows) })
    }

    @Test func aDryRunsCountsFollowItsStages() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("trips")
        // 20 trips, each with a bucket-list item; trips 9 and 19 repeat the names of 0 and 10.
        try Trips.makeDemoStore(at: url, rows: 20)
        let migrator = try Migrator.onPrivateCopy(of: url, plan: Trips.Plan.self)
        let copy = StoreInspector(url: migrator.storeURL, inPlace: true)

        let start = try migrator.census()
        #expect(start.version == Schema.Version(1, 0, 0))
        #expect(counts(start) == ["Trip": 20, "BucketListItem": 20, "LivingAccommodation": 0])
        #expect(start.rows.map(\.entity) == (try copy.census()).rows.map(\.entity))

        // V1 -> V2 deletes the two later duplicates in willMigrate; their items cascade.
        try #require(try migrator.runNextStage() != nil)
        let deduplicated = try migrator.census()
        #expect(deduplicated.version == Schema.Version(2, 0, 0))
        #expect(counts(deduplicated) == ["Trip": 18, "BucketListItem": 18, "LivingAccommodation": 0])
        #expect(counts(deduplicated) == counts(try copy.census()))
        #expect((try copy.census()).version == deduplicated.version)

        _ = try migrator.runAll()
        let end = try migrator.census()
        #expect(end.version == Schema.Version(3, 0, 0))
        #expect(counts(end) == counts(deduplicated))
        #expect(counts(end) == counts(try copy.census()))

        // The dry run never wrote the user's file.
        let original = try StoreInspector(url: url).census()
        #expect(original.version == Schema.Version(1, 0, 0))
        #expect(counts(original) == ["Trip": 20, "BucketListItem": 20, "LivingAccommodation": 0])
    }
}
