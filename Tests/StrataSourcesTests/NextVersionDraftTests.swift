import Foundation
import Strata
import StrataSources
import Testing

/// `strata next-version`'s drafts (issue 45) on the fixture apps of Fixtures/NextVersion, one per starting state:
/// written into a copy, then read back with the sources reader and compared with the plan intended; the models are
/// then edited as a developer would and the stage written, proved and dry-run.
@Suite struct NextVersionDraftTests {
    /// A copy of the fixture app `name`.
    static func app(_ name: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.copy(FixtureTree.folder("NextVersion/\(name)"))
        return folder
    }

    /// The draft for the app in `folder`.
    static func draft(
        _ folder: TemporaryFolder, _ request: NextVersionRequest = NextVersionRequest(), frozen: FrozenVersions? = nil
    ) throws -> (NextVersionDraft, AppSources) {
        let sources = try AppSources(folder: folder.url)
        return (try NextVersionDraft.make(sources: sources, planName: nil, frozen: frozen, request: request), sources)
    }

    /// The plan the app in `folder` declares now, read back.
    static func readBack(_ folder: TemporaryFolder) throws -> SourcePlan {
        try AppSources(folder: folder.url).plan(named: nil)
    }

    /// Replaces `old` with `new` in the file `name` of `folder`, which must hold it.
    static func edit(_ folder: TemporaryFolder, _ name: String, _ old: String, _ new: String) throws {
        let url = folder.url.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "\(name) holds \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    /// A record of the versions up to `draft`'s shipped one, as `next-version --frozen FILE --write` keeps it.
    static func record(_ draft: NextVersionDraft, _ folder: TemporaryFolder) throws -> FrozenVersions {
        var record = FrozenVersions(plan: draft.planName)
        _ = record.recordShipped(draft, in: try readBack(folder))
        return record
    }

    /// A copy of the fixture app `name` after the first run (`--write`): the shipped version frozen and the new one
    /// opened, with the record of the shipped versions that run keeps.
    static func opened(_ name: String, _ request: NextVersionRequest = NextVersionRequest()) throws -> (
        TemporaryFolder, FrozenVersions, NextVersionDraft
    ) {
        let folder = try app(name)
        let (opened, _) = try draft(folder, request)
        _ = try opened.edits.write()
        return (folder, try record(opened, folder), opened)
    }

    static func request(
        fills: [String] = [], keeps: [String] = [], renames: [String] = [], drops: [String] = []
    ) throws -> NextVersionRequest {
        try NextVersionRequest(version: nil, fills: fills, keeps: keeps, renames: renames, drops: drops)
    }

    @Test func anAppWithoutAPlanGetsItsLiveModelsFrozenAsVersion1() throws {
        let folder = try Self.app("TripsNoPlan")
        let (draft, sources) = try Self.draft(folder)
        #expect(draft.start == .noPlan)
        #expect(draft.stage == nil)
        #expect(draft.edits.changes.map { $0.before == nil } == [true, true, true])
        #expect(draft.notes.contains { $0.contains("TripsApp.swift:10") && $0.contains("TripsMigrationPlan") })
        let proof = try NextVersionProof.check(draft, sources: sources)
        #expect(proof.mismatches.isEmpty)
        _ = try draft.edits.write()
        let record = try Self.record(draft, folder)
        #expect(record.versions.map(\.version) == ["1.0.0"])

        let plan = try Self.readBack(folder)
        #expect(plan.name == "TripsMigrationPlan")
        #expect(plan.versions.map(\.name) == ["TripsSchemaV1", "TripsSchemaV2"])
        #expect(plan.versions.map { $0.schema.version } == [Schema.Version(1, 0, 0), Schema.Version(2, 0, 0)])
        #expect(plan.stages.isEmpty)
        let (v1, v2) = (plan.versions[0], plan.versions[1])
        #expect(v1.modelTypes == ["Trip": "TripsSchemaV1.Trip", "Stop": "TripsSchemaV1.Stop"])
        #expect(v2.modelTypes == ["Trip": "Trip", "Stop": "Stop"])
        #expect(v1.schema.fingerprint == v2.schema.fingerprint)
        #expect(v1.schema.entitiesByName["Trip"]?.uniquenessConstraints == [["name"]])
        #expect(v1.schema.entitiesByName["Trip"]?.relationship(named: "stops")?.deleteRule == .cascade)

        // The live Codable struct gains a field and the live model a required attribute: the frozen copies keep
        // version 1 as it shipped, and the stage needs a value for the new attribute.
        try Self.edit(
            folder, "Models/Trip.swift", "    var currency: String\n}",
            "    var currency: String\n    var shared: Bool?\n}")
        try Self.edit(
            folder, "Models/Trip.swift", "var startDate: Date\n", "var startDate: Date\n    var nights: Int\n")
        #expect(try Self.readBack(folder).versions[0].schema.fingerprint == v1.schema.fingerprint)
        do {
            _ = try Self.draft(folder)
            Issue.record("a new required attribute without --fill must be refused")
        } catch let refusal as NextVersionRefusal {
            #expect(refusal.description.contains("--fill Trip.nights=EXPRESSION"))
        }
        let (staged, stagedSources) = try Self.draft(
            folder, try Self.request(fills: ["Trip.nights=old.stops.count"]), frozen: record)
        #expect(staged.shipped.name == "TripsSchemaV1")
        #expect(staged.new.name == "TripsSchemaV2")
        #expect(staged.stage?.kind == .custom)
        let stagedProof = try NextVersionProof.check(staged, sources: stagedSources)
        #expect(stagedProof.mismatches.isEmpty)
        #expect(stagedProof.notRun != nil)
        _ = try staged.edits.write()
        let written = try Self.readBack(folder)
        #expect(written.stages.map(\.kind) == [.custom])
        #expect(written.stages.map(\.from) == [Schema.Version(1, 0, 0)])
        let planText = try String(
            contentsOf: folder.url.appendingPathComponent("Models/TripsMigrationPlan.swift"), encoding: .utf8)
        #expect(planText.contains("setting(\\Trip.nights, old.stops.count)"))
        #expect(planText.contains("FetchDescriptor<TripsSchemaV1.Trip>()"))
        #expect(try Self.draft(folder, frozen: record).0.isEmpty)
    }

    @Test func aPlanWhoseLatestVersionListsTheLiveClassesFreezesThemThenWritesTheStage() throws {
        let folder = try Self.app("RecipesLive")
        let (draft, sources) = try Self.draft(folder)
        #expect(draft.start == .liveClasses)
        #expect((draft.shipped.name, draft.new.name) == ("RecipesSchemaV2", "RecipesSchemaV3"))
        #expect(try NextVersionProof.check(draft, sources: sources).mismatches.isEmpty)
        let planBefore = try String(
            contentsOf: folder.url.appendingPathComponent("Model/RecipesMigrationPlan.swift"), encoding: .utf8)
        _ = try draft.edits.write()
        let record = try Self.record(draft, folder)
        #expect(record.versions.map(\.version) == ["1.0.0", "2.0.0"])
        let plan = try Self.readBack(folder)
        #expect(plan.versions.map(\.name) == ["RecipesSchemaV1", "RecipesSchemaV2", "RecipesSchemaV3"])
        #expect(plan.versions[1].modelTypes["Recipe"] == "RecipesSchemaV2.Recipe")
        #expect(plan.versions[2].modelTypes["Recipe"] == "Recipe")
        // Only the schemas list changed in the plan: its comment and layout are kept.
        let planAfter = try String(
            contentsOf: folder.url.appendingPathComponent("Model/RecipesMigrationPlan.swift"), encoding: .utf8)
        #expect(
            planAfter
                == planBefore.replacingOccurrences(
                    of: "RecipesSchemaV2.self,\n", with: "RecipesSchemaV2.self,\n            RecipesSchemaV3.self,\n"))

        // The developer renames notes to remarks and makes servings a Double: which one is a rename is asked.
        try Self.edit(folder, "Model/Recipe.swift", "var notes: String = \"\"", "var remarks: String = \"\"")
        try Self.edit(folder, "Model/Recipe.swift", "var servings: Int\n", "var servings: Double\n")
        try Self.edit(folder, "Model/Recipe.swift", "self.servings = servings", "self.servings = Double(servings)")
        do {
            _ = try Self.draft(folder, frozen: record)
            Issue.record("an ambiguous removal and addition must be refused")
        } catch let refusal as NextVersionRefusal {
            #expect(refusal.description.contains("--rename Recipe.notes=remarks"))
            #expect(refusal.description.contains("--drop Recipe.notes"))
        }
        let (staged, stagedSources) = try Self.draft(
            folder, try Self.request(renames: ["Recipe.notes=remarks"]), frozen: record)
        #expect(staged.stage?.kind == .custom)
        #expect(
            staged.changes.contains(
                .attributeTypeChanged(entity: "Recipe", attribute: "servings", from: .int, to: .double)))
        #expect(try NextVersionProof.check(staged, sources: stagedSources).mismatches.isEmpty)
        _ = try staged.edits.write()
        let written = try Self.readBack(folder)
        #expect(written.stages.map(\.kind) == [.lightweight, .custom])
        #expect(
            written.versions[2].schema.entitiesByName["Recipe"]?.attribute(named: "remarks")?.originalName == "notes")
        #expect(try Self.draft(folder, frozen: record).0.isEmpty)
        // Without the record, the latest version with a stage is the shipped one: the next run would open version 4.
        #expect(try Self.draft(folder).0.shipped.name == "RecipesSchemaV3")
    }

    @Test func typealiasedModelsAreCopiedIntoTheNewVersionAndALightweightStageIsDryRun() throws {
        let folder = try Self.app("ShelfAliased")
        let (draft, sources) = try Self.draft(folder)
        #expect(draft.start == .typealiases)
        #expect(try NextVersionProof.check(draft, sources: sources).mismatches.isEmpty)
        _ = try draft.edits.write()
        let record = try Self.record(draft, folder)
        let aliases = try String(contentsOf: folder.url.appendingPathComponent("CurrentModels.swift"), encoding: .utf8)
        #expect(aliases.contains("typealias Book = ShelfSchemaV3.Book"))
        #expect(aliases.contains("// The app uses the latest version's classes through these names."))
        let plan = try Self.readBack(folder)
        #expect(plan.versions.map(\.name) == ["ShelfSchemaV1", "ShelfSchemaV2", "ShelfSchemaV3"])
        #expect(plan.versions[2].modelTypes["Book"] == "ShelfSchemaV3.Book")

        // The developer edits the new version: an optional attribute added, pages removed on purpose.
        try Self.edit(folder, "Schemas/ShelfSchemaV3.swift", "var pages: Int = 0\n", "var isbn: String?\n")
        let (staged, stagedSources) = try Self.draft(folder, frozen: record)
        #expect(staged.stage?.kind == .lightweight)
        let proof = try NextVersionProof.check(staged, sources: stagedSources, rows: 8)
        #expect(proof.mismatches.isEmpty)
        let run = try #require(proof.dryRun)
        #expect(run.succeeded)
        #expect(run.stages.map(\.kind) == [.lightweight])
        #expect(run.stages.first?.findings.isEmpty == false) // the 8 values of Book.pages go
        _ = try staged.edits.write()
        #expect(try Self.readBack(folder).stages.map(\.kind) == [.lightweight, .lightweight])
        #expect(try Self.draft(folder, frozen: record).0.isEmpty)
    }
}
