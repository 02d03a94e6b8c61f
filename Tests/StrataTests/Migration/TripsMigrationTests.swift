import Foundation
import Strata
import Testing

@Suite(.serialized) struct TripsMigrationTests {
    @Test func dedupeInWillMigrateThenUniqueThenRename() throws {
        let directory = TemporaryDirectory()
        let url = try makeTripsV1(in: directory)
        removedDuplicateTitles = []
        let container = try ModelContainer(
            for: Schema(versionedSchema: TripsV3.self), migrationPlan: TripsPlan.self,
            configurations: ModelConfiguration(url: url))
        #expect(removedDuplicateTitles == ["Rome@259200.0"])
        let context = ModelContext(container)
        let trips = try context.fetch(FetchDescriptor<TripsV3.Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map(\.name) == ["Oslo", "Rome"])
        #expect(trips.map(\.startDate.timeIntervalSinceReferenceDate) == [172_800, 86_400])
        #expect(trips.map { $0.bucketList?.map(\.title) ?? [] } == [["see Oslo on day 2"], ["see Rome on day 1"]])
        // The duplicate's item went with it (cascade), so no orphan remains.
        #expect(try context.fetchCount(FetchDescriptor<TripsV3.BucketListItem>()) == 2)
        // The unique constraint holds afterwards: inserting "Oslo" again updates the existing trip.
        context.insert(TripsV3.Trip(name: "Oslo", startDate: Date(timeIntervalSinceReferenceDate: 0)))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<TripsV3.Trip>()) == 2)
    }

    @Test func uniqueWithoutDedupeIsRefusedNamingTheDuplicates() throws {
        let directory = TemporaryDirectory()
        let url = try makeTripsV1(in: directory)
        let before = storeHashes(url)
        let report = try Migrator.dryRun(store: url, plan: TripsPlanWithoutDedupe.self)
        #expect(
            report.stages.first?.findings.map(\.description) == [
                "Trip.name: 1 group of duplicate values (e.g. Rome x2)"
            ])
        #expect(report.failure?.kind == "validation-failed")
        #expect(
            report.failure?.description.contains("a unique constraint cannot be created while duplicates remain")
                == true)
        #expect {
            _ = try ModelContainer(
                for: Schema(versionedSchema: TripsV2.self), migrationPlan: TripsPlanWithoutDedupe.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in "\(error)".contains("Trip.name: 1 group of duplicate values (e.g. Rome x2)") }
        #expect(storeHashes(url) == before)
    }

    @Test func aDowngradeStageRunsWhenTheContainerTargetsTheEarlierVersion() throws {
        let directory = TemporaryDirectory()
        let url = try makeTripsV1(in: directory)
        _ = try ModelContainer(
            for: Schema(versionedSchema: TripsV3.self), migrationPlan: TripsDowngradePlan.self,
            configurations: ModelConfiguration(url: url))
        let container = try ModelContainer(
            for: Schema(versionedSchema: TripsV2.self), migrationPlan: TripsDowngradePlan.self,
            configurations: ModelConfiguration(url: url))
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
        let names = try ModelContext(container).fetch(
            FetchDescriptor<TripsV2.Trip>(sortBy: [SortDescriptor(\.start_date)])
        ).map(\.name)
        #expect(names == ["Rome", "Oslo"])
        #expect(
            try StoreInspector(url: url).history().map { "\($0.fromVersion)->\($0.toVersion)" } == [
                "1.0.0->2.0.0", "2.0.0->3.0.0", "3.0.0->2.0.0",
            ])
    }

    @Test func aStoreNewerThanTheTargetWithoutAStageBackIsRefused() throws {
        let directory = TemporaryDirectory()
        let url = try makeTripsV1(in: directory)
        _ = try ModelContainer(
            for: Schema(versionedSchema: TripsV3.self), migrationPlan: TripsPlan.self,
            configurations: ModelConfiguration(url: url))
        let before = storeHashes(url)
        #expect {
            _ = try ModelContainer(
                for: Schema(versionedSchema: TripsV2.self), migrationPlan: TripsPlan.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            "\(error)".contains("the store is newer than 2.0.0 and the plan has no stage back from 3.0.0")
        }
        #expect(storeHashes(url) == before)
    }

    @Test func willMigrateCannotTouchTheNewVersionsModels() throws {
        enum WrongTypes: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [TripsV1.self, TripsV2.self] }
            static var stages: [MigrationStage] {
                [
                    .custom(
                        fromVersion: TripsV1.self, toVersion: TripsV2.self,
                        willMigrate: { context in
                            _ = try context.fetch(FetchDescriptor<TripsV2.Trip>())
                        }, didMigrate: nil)
                ]
            }
        }
        let directory = TemporaryDirectory()
        let url = try makeTripsV1(in: directory)
        #expect {
            _ = try ModelContainer(
                for: Schema(versionedSchema: TripsV2.self), migrationPlan: WrongTypes.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            "\(error)".contains("TripsV2.Trip is not a model of 1.0.0: willMigrate runs on 1.0.0's models")
        }
        #expect(try StoreInspector(url: url).version() == Schema.Version(1, 0, 0))
    }
}
