import Foundation
import Strata
import StrataSources
import Testing

/// What `next-version` refuses: sources that do not read cleanly, and a uniqueness added without `--keep`.
@Suite struct NextVersionRefusalTests {
    @Test func aPlanThatDoesNotReadCleanlyIsRefused() throws {
        let folder = try NextVersionDraftTests.app("RecipesLive")
        try NextVersionDraftTests.edit(
            folder, "Model/RecipesMigrationPlan.swift", "[migrateV1toV2]", "(0..<1).map { _ in migrateV1toV2 }")
        do {
            _ = try NextVersionDraftTests.draft(folder)
            Issue.record("a plan whose stages are built by code Strata cannot read must be refused")
        } catch let refusal as NextVersionRefusal {
            #expect(refusal.description.contains("plan RecipesMigrationPlan does not read cleanly"))
        }
    }

    @Test func aUniquenessAddedAsksWhichDuplicateStaysAndDeletesTheOthers() throws {
        let (folder, record, _) = try NextVersionDraftTests.opened("RecipesLive")
        try NextVersionDraftTests.edit(
            folder, "Model/Recipe.swift", "    var title: String\n", "    @Attribute(.unique) var title: String\n")
        do {
            _ = try NextVersionDraftTests.draft(folder, frozen: record)
            Issue.record("a uniqueness added without --keep must be refused")
        } catch let refusal as NextVersionRefusal {
            #expect(refusal.description.contains("--keep Recipe.title=first or --keep Recipe.title=last"))
        }
        let request = try NextVersionDraftTests.request(keeps: ["Recipe=last:servings"])
        let (staged, sources) = try NextVersionDraftTests.draft(folder, request, frozen: record)
        #expect(staged.stage?.kind == .custom)
        #expect(try NextVersionProof.check(staged, sources: sources).mismatches.isEmpty)
        _ = try staged.edits.write()
        let plan = try String(
            contentsOf: folder.url.appendingPathComponent("Model/RecipesMigrationPlan.swift"), encoding: .utf8)
        #expect(plan.contains("FetchDescriptor<RecipesSchemaV2.Recipe>(sortBy: [SortDescriptor(\\.servings)])"))
        #expect(plan.contains("context.delete(old)"))
        #expect(try NextVersionDraftTests.readBack(folder).stages.map(\.kind) == [.lightweight, .custom])
    }
}
