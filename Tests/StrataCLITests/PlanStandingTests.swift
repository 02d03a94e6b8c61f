import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import StrataCLI
import StrataTUI
import Testing

/// Where a store stands against a plan is one answer (`PlanStanding`) for the importer, the UI and the CLI's summary:
/// each test states the expected standing from the fixture's own history, and every surface must give it.
@Suite
struct PlanStandingTests {
    /// A SwiftData store written at 2.0.0, against a plan whose 2.0.0 gives the optional email a default: Apple
    /// stores record defaults only as samples, so the store is at 2.0.0 for the importer, the UI and `open`'s summary
    /// alike (the UI once counted the default as a difference and called the store at no version).
    @Test func aDeviceStoreDifferingOnlyInADefaultIsAtThatVersionEverywhere() throws {
        let directory = try TemporaryStore()
        let url = URL(fileURLWithPath: directory.path("App.sqlite"))
        try AppleStoreFixtures.copy("swiftdata-freezeray", "App-2_0_0.sqlite", to: url.path)
        let plan = try ValidatedPlan(FreezeRayDefaultPlan.self)
        let store = try AppleStore(url: url)

        let standing = PlanStanding(store: store, versions: plan.schemas)
        #expect(standing.equal == 1 && standing.named == 1 && standing.closestDifferences.isEmpty)
        #expect(SchemaDiff(from: store.schema(alignedWith: plan.schemas[1]), to: plan.schemas[1]).changes.count == 1)

        let imported = try PrivateImport(of: store, plan: plan)
        defer { imported.remove() }
        #expect(imported.version.version == Schema.Version(2, 0, 0))

        let session = try Session(store: url, plan: FreezeRayDefaultPlan.self, width: 120, height: 40)
        defer { session.shutdown() }
        #expect(session.initialState.matchIndex == 2)
        #expect(
            session.initialState.stagesNote
                == "The store's model is the plan's 2.0.0. Read only: these stages are shown, not run.")

        let summary = try StoreSummary.text(store: .apple(store), plan: plan, planName: "defaults")
        #expect(summary.split(separator: "\n").last.map(String.init) == session.initialState.stagesNote)
        #expect(summary.contains("plan: defaults, versions 1.0.0, 2.0.0"))
        #expect(!summary.contains("  stage "), "no stage lies ahead of 2.0.0")
    }

    /// A SwiftData store at 1.0.0: the one stage ahead of it is listed by the UI and the summary alike.
    @Test func theStagesAheadAreTheSameInTheUIAndTheSummary() throws {
        let directory = try TemporaryStore()
        let url = URL(fileURLWithPath: directory.path("App.sqlite"))
        try AppleStoreFixtures.copy("swiftdata-freezeray", "App-1_0_0.sqlite", to: url.path)
        let plan = try ValidatedPlan(FreezeRayPlan.self)
        let session = try Session(store: url, plan: FreezeRayPlan.self, width: 120, height: 40)
        defer { session.shutdown() }
        let summary = try StoreSummary.text(store: .apple(try AppleStore(url: url)), plan: plan, planName: "freeze")
        let listed = summary.split(separator: "\n").filter { $0.hasPrefix("  stage ") }
        #expect(
            listed == [
                "  stage 1.0.0 -> 2.0.0 lightweight: 1 change", "  stage 2.0.0 -> 3.0.0 lightweight: 1 change",
            ])
        #expect(session.initialState.stages.map(\.id.description) == ["1.0.0 -> 2.0.0", "2.0.0 -> 3.0.0"])
    }

    /// A Strata store whose recorded schema is no version of the plan: the migrator's refusal and the UI's closest
    /// version and difference count come from the same standing.
    @Test func aStrataStoreAtNoVersionGetsOneClosestVersion() throws {
        let directory = try TemporaryStore()
        let url = URL(fileURLWithPath: directory.path("edited.store"))
        let container = try ModelContainer(
            for: Schema(versionedSchema: FreezeRayV1.self),
            configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        context.insert(FreezeRayV1.User())
        try context.save()
        let metadata = try StoreInspector(url: url).metadata()
        let plan = try ValidatedPlan(FreezeRayDefaultPlan.self)
        let standing = PlanStanding(recorded: metadata, versions: plan.schemas)
        #expect(standing.equal == 0, "recorded at 1.0.0 with 1.0.0's schema")

        let other = PlanStanding(recorded: metadata, versions: [plan.schemas[1]])
        #expect(other.equal == nil && other.closest == 0 && other.named == nil)
        #expect(other.closestDifferences.map(\.description) == ["User.email added (String, optional)"])
        #expect(!other.isAnotherPlans)
    }
}
