import Foundation
import Strata
import StrataSources
import Testing

/// The other kinds of model edit: entities added and removed, a drop declared instead of a rename, a relationship
/// changed in a way Strata writes no code for, and the new version's identifier given with `--as`.
@Suite struct NextVersionEditKindsTests {
    @Test func anEntityAddedAndOneRemovedMakeALightweightStageThatDropsTheRemovedRows() throws {
        let (folder, record, opened) = try NextVersionDraftTests.opened(
            "ShelfAliased", try NextVersionRequest(version: "2.1.0", fills: [], keeps: [], renames: [], drops: []))
        #expect(opened.new.name == "ShelfSchemaV3")
        #expect(opened.new.version == Schema.Version(2, 1, 0))
        let file = "Schemas/ShelfSchemaV3.swift"
        try NextVersionDraftTests.edit(folder, file, "[Book.self, Shelf.self]", "[Book.self, Review.self]")
        try NextVersionDraftTests.edit(folder, file, "@Relationship(deleteRule: .nullify) var shelf: Shelf?\n", "")
        try NextVersionDraftTests.edit(
            folder, file, "@Relationship(inverse: \\Book.shelf) var books: [Book] = []",
            "var books: [Book] = []")
        try NextVersionDraftTests.edit(
            folder, file, "    @Model\n    final class Shelf {",
            "    @Model\n    final class Review {\n        var stars: Int = 3\n        init() {}\n    }\n\n    @Model\n    final class Shelf {"
        )
        // Shelf is still declared but no longer listed: the new version drops it.
        let (staged, sources) = try NextVersionDraftTests.draft(folder, frozen: record)
        #expect(
            staged.changes.contains { if case .entityAdded(let entity) = $0 { entity.name == "Review" } else { false } }
        )
        #expect(
            staged.changes.contains {
                if case .entityRemoved(let entity) = $0 { entity.name == "Shelf" } else { false }
            })
        #expect(staged.stage?.kind == .lightweight)
        #expect(staged.stage?.from == Schema.Version(2, 0, 0))
        #expect(staged.stage?.to == Schema.Version(2, 1, 0))
        let proof = try NextVersionProof.check(staged, sources: sources, rows: 4)
        #expect(proof.mismatches.isEmpty)
        let run = try #require(proof.dryRun)
        #expect(run.succeeded)
        #expect(run.targetVersion == Schema.Version(2, 1, 0))
        #expect(run.stages.first?.findings.contains { "\($0)".contains("Shelf") } == true)
    }

    @Test func aDropDeclaredKeepsTheRemovalAndTheAddition() throws {
        let (folder, record, _) = try NextVersionDraftTests.opened("RecipesLive")
        try NextVersionDraftTests.edit(
            folder, "Model/Recipe.swift", "var notes: String = \"\"", "var remarks: String = \"\"")
        let (staged, _) = try NextVersionDraftTests.draft(
            folder, try NextVersionDraftTests.request(drops: ["Recipe.notes"]), frozen: record)
        #expect(staged.stage?.kind == .lightweight)
        #expect(
            staged.changes.contains {
                if case .attributeRemoved(_, let attribute) = $0 { attribute.name == "notes" } else { false }
            })
        #expect(
            staged.changes.contains {
                if case .attributeAdded(_, let attribute) = $0 { attribute.name == "remarks" } else { false }
            })
    }

    @Test func aRelationshipMadeToOneIsRefusedWithTheCoresReason() throws {
        let (folder, record, _) = try NextVersionDraftTests.opened("RecipesLive")
        try NextVersionDraftTests.edit(
            folder, "Model/Recipe.swift",
            "@Relationship(deleteRule: .cascade, inverse: \\Ingredient.recipe) var ingredients: [Ingredient] = []",
            "@Relationship(deleteRule: .cascade, inverse: \\Ingredient.recipe) var ingredients: Ingredient?")
        do {
            _ = try NextVersionDraftTests.draft(folder, frozen: record)
            Issue.record("a to-many made to-one must be refused")
        } catch let refusal as NextVersionRefusal {
            #expect(refusal.description.contains("Strata writes no code for Recipe.ingredients changed to to-one"))
            #expect(refusal.description.contains("write the stage by hand"))
        }
    }
}

/// A fourth starting state: the app names its latest version's nested classes directly (no typealias).
@Suite struct NextVersionNestedClassesTests {
    @Test func theLatestVersionIsCopiedAndTheAppToldToNameTheNewOne() throws {
        let folder = try TemporaryFolder()
        try folder.copy(FixtureTree.folder("TagsApp"))
        let (opened, sources) = try NextVersionDraftTests.draft(folder)
        #expect(opened.start == .nestedClasses)
        #expect(opened.notes.contains { $0.contains("point it at TagsSchemaV2's") })
        #expect(try NextVersionProof.check(opened, sources: sources).mismatches.isEmpty)
        _ = try opened.edits.write()
        let record = try NextVersionDraftTests.record(opened, folder)
        let plan = try NextVersionDraftTests.readBack(folder)
        #expect(plan.versions.map(\.name) == ["TagsSchemaV1", "TagsSchemaV2"])
        #expect(plan.versions[1].modelTypes["Bookmark"] == "TagsSchemaV2.Bookmark")
        #expect(plan.versions[1].schema.fingerprint == plan.versions[0].schema.fingerprint)

        try NextVersionDraftTests.edit(
            folder, "Models/TagsSchemaV2.swift", "        var url: String\n",
            "        var url: String\n        var title: String?\n")
        let (staged, _) = try NextVersionDraftTests.draft(folder, frozen: record)
        #expect(staged.stage?.kind == .lightweight)
        _ = try staged.edits.write()
        #expect(try NextVersionDraftTests.readBack(folder).stages.map(\.kind) == [.lightweight])
        #expect(try NextVersionDraftTests.draft(folder, frozen: record).0.isEmpty)
    }
}
