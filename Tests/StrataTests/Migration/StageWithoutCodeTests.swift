import Foundation
import Strata
import Testing

/// The engine, not its callers, refuses a custom stage whose code was read from sources and not compiled.
@Suite struct StageWithoutCodeTests {
    /// A V2 larder store, whose next stage is the custom one.
    private func larderV2(in directory: TemporaryDirectory) throws -> URL {
        let url = directory.store("larder")
        try makeLarderV1(at: url)
        _ = try Migrator(store: url, plan: LarderPlan.self, to: LarderV2.versionIdentifier).runAll()
        return url
    }

    @Test func runningTheNextStageRefusesItWithATypedErrorAndWritesNothing() throws {
        let directory = TemporaryDirectory()
        let url = try larderV2(in: directory)
        let migrator = try Migrator(
            store: url, validated: LarderPlan.readFromSources().lackingCode(because: "the app's code did not compile"))
        let before = storeHashes(url)

        let error = #expect(throws: MigrationError.self) { try migrator.runNextStage() }
        guard case .stageWithoutCode(let stage, let reason)? = error else {
            Issue.record("expected stageWithoutCode, got \(String(describing: error))")
            return
        }
        #expect(stage == StageID(from: Schema.Version(2, 0, 0), to: Schema.Version(3, 0, 0)))
        #expect(reason == "the app's code did not compile")
        #expect("\(error!)" == "Custom stage 2.0.0 -> 3.0.0 not run: the app's code did not compile.")
        #expect(storeHashes(url) == before)
        #expect(migrator.pending.map(\.title) == ["2.0.0 -> 3.0.0"])
        #expect(migrator.current.version == LarderV2.versionIdentifier)
        #expect(try StoreInspector(url: url).version() == LarderV2.versionIdentifier)
        #expect(try StoreInspector(url: url).history().count == 1)
        #expect(throws: MigrationError.self) { try migrator.runAll() }
        #expect(storeHashes(url) == before)
    }

    @Test func theStageLoopRunsUpToTheStageWithoutCodeAndSaysWhyItStopped() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("larder")
        try makeLarderV1(at: url)
        let before = storeHashes(url)
        let migrator = try Migrator.onPrivateCopy(of: url, validated: LarderPlan.readFromSources())
        var heard: [String] = []

        let run = migrator.runStages { stage, outcome in heard.append("\(stage.title) \((try? outcome.get()) != nil)") }

        #expect(heard == ["1.0.0 -> 2.0.0 true"])
        #expect(run.reports.map(\.title) == ["1.0.0 -> 2.0.0"])
        #expect(run.failure == nil)
        #expect(
            run.notRun.map { "\($0)" }
                == "Custom stage 2.0.0 -> 3.0.0 not run: its code was read from the sources, not compiled.")
        #expect(migrator.current.version == LarderV2.versionIdentifier)
        #expect(storeHashes(url) == before)
    }

    @Test func aDryRunTellsThePlansOwnReasonAndAStageWithAReasonKeepsIt() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("larder")
        try makeLarderV1(at: url)
        let plan = try LarderPlan.readFromSources().lackingCode(because: "the build failed: no such module 'Charts'")
        let report = try Migrator.dryRun(store: url, validated: plan)
        #expect(
            report.notRun.map { "\($0)" }
                == "Custom stage 2.0.0 -> 3.0.0 not run: the build failed: no such module 'Charts'.")
        // A reason the plan gave one stage (a mapping model's policy) is not replaced by the plan-wide one.
        let again = plan.lackingCode(because: "another reason")
        #expect(again.stages.map(\.whyNotRun) == plan.stages.map(\.whyNotRun))
    }

    @Test func aDryRunReportsTheStageNotRun() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("larder")
        try makeLarderV1(at: url)
        let before = storeHashes(url)

        let report = try Migrator.dryRun(store: url, validated: LarderPlan.readFromSources())

        #expect(report.stages.map(\.title) == ["1.0.0 -> 2.0.0"])
        #expect(report.failure == nil)
        #expect(report.notRun?.kind == .stageWithoutCode)
        #expect(
            report.notRun?.description
                == "Custom stage 2.0.0 -> 3.0.0 not run: its code was read from the sources, not compiled.")
        #expect(!report.succeeded)
        #expect(storeHashes(url) == before)
    }

    @Test func theCompiledPlanRunsTheSameStageWithItsCode() throws {
        let directory = TemporaryDirectory()
        let url = try larderV2(in: directory)
        let migrator = try Migrator(store: url, plan: LarderPlan.self)

        let run = migrator.runStages()

        #expect(run.notRun == nil)
        #expect(run.reports.map(\.title) == ["2.0.0 -> 3.0.0"])
        let container = try ModelContainer(
            for: Schema(versionedSchema: LarderV3.self), configurations: ModelConfiguration(url: url))
        let items = try ModelContext(container).fetch(FetchDescriptor<LarderV3.Item>(sortBy: [SortDescriptor(\.name)]))
        #expect(
            items.map { "\($0.name): \($0.category ?? "none")" } == [
                "olive oil: other", "rice: grains", "rye flour: grains",
            ])
    }
}
