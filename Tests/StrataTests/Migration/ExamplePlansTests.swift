import Foundation
import Strata
import StrataExamples
import Testing

@Suite struct ExamplePlansTests {
    @Test func bundledPlansAreValid() {
        for entry in ExamplePlans.all {
            #expect(ValidatedPlan.check(entry.plan).problems.isEmpty, "\(entry.name)")
        }
    }

    @Test func theBookshelfDemoMigratesToV3() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("demo")
        try Bookshelf.makeDemoStore(at: url, rows: 2_500)
        let migrator = try Migrator(store: url, plan: Bookshelf.Plan.self)
        var events: [String] = []
        migrator.onEvent = { event in
            switch event {
            case .stageStarted(_, _, let stage, let total): events.append("start \(stage) \(total)")
            case .stageFinished(let stage, _, let rows): events.append("done \(stage) \(rows)")
            default: break
            }
        }
        #expect(migrator.pending.map(\.description) == ["lightweight 1.0.0 -> 2.0.0", "custom 2.0.0 -> 3.0.0"])
        let first = try migrator.runNextStage()
        #expect(first?.title == "1.0.0 -> 2.0.0")
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
        _ = try migrator.runAll()
        // The rename in place copies nothing but changes every book: it counts them (issue 44, item 9).
        #expect(
            events == [
                "start 1.0.0 -> 2.0.0 0", "done 1.0.0 -> 2.0.0 2500", "start 2.0.0 -> 3.0.0 2500",
                "done 2.0.0 -> 3.0.0 2500",
            ])
        let container = try ModelContainer(
            for: Schema(versionedSchema: Bookshelf.V3.self), configurations: ModelConfiguration(url: url))
        let books = try ModelContext(container).fetch(
            FetchDescriptor<Bookshelf.V3.Book>(sortBy: [SortDescriptor(\.isbnCode)]))
        #expect(books.count == 2_500)
        #expect(
            books.prefix(3).map { "\($0.firstName)|\($0.lastName)" } == [
                "Frank|Herbert", "Jane|Austen", "Ursula|K. Le Guin",
            ])
        #expect(books[8].firstName == "Plato" && books[8].lastName == "")
    }

    @Test func theTripsDemoDropsDuplicatesBeforeTheUniqueConstraint() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("trips")
        try Trips.makeDemoStore(at: url, rows: 100)
        let report = try Migrator.dryRun(store: url, plan: Trips.Plan.self)
        #expect(report.succeeded)
        #expect(
            report.stages.first?.findings.first?.description.hasPrefix("Trip.name: 10 groups of duplicate values")
                == true)
        _ = try Migrator(store: url, plan: Trips.Plan.self).runAll()
        let counts = try StoreInspector(url: url).rowCounts().map { "\($0.entity)=\($0.rows)" }
        #expect(counts == ["BucketListItem=90", "LivingAccommodation=0", "Trip=90"])
    }

    @Test func cancellingRollsTheStageBack() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("demo")
        try Bookshelf.makeDemoStore(at: url, rows: 100)
        let migrator = try Migrator(store: url, plan: Bookshelf.Plan.self)
        migrator.onEvent = { event in
            if case .step(_, let summary) = event, summary == "didMigrate" { migrator.cancel() }
        }
        _ = try migrator.runNextStage()
        #expect(throws: MigrationError.self) { try migrator.runNextStage() }
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
        #expect(try StoreInspector(url: url).rowCounts().map(\.rows) == [100])
    }

    @Test func backupCopiesTheStoreWithSQLitesBackupAPI() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("demo")
        try Bookshelf.makeDemoStore(at: url, rows: 10)
        let migrator = try Migrator(store: url, plan: Bookshelf.Plan.self)
        let copy = directory.store("backup")
        try migrator.backup(to: copy)
        #expect(try StoreInspector(url: copy).version() == Schema.Version(1, 0, 0))
        #expect(try StoreInspector(url: copy).rowCounts().map(\.rows) == [10])
        #expect(throws: StrataError.self) { try migrator.backup(to: copy) }
    }
}
