import Foundation
import Strata
import StrataSources
import Testing

/// The stage the UI's Diff pane shows for two versions of a plan read from sources (issue 45): the Swift
/// `next-version` would write, or the decision it needs, and the command line that writes it.
@Suite struct StagePreviewTests {
    @Test func aLightweightDiffShowsTheStageAndTheCommand() throws {
        let plan = try AppSources(folder: FixtureTree.folder("NextVersion/RecipesLive")).plan(named: nil)
        let lines = StagePreview.lines(from: plan.versions[0], to: plan.versions[1], folder: "App")
        #expect(lines.first == "A lightweight stage:")
        #expect(
            lines.contains(
                "static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: RecipesSchemaV1.self, toVersion: RecipesSchemaV2.self)"
            ))
        #expect(lines.last == "Written by: strata next-version --sources App --frozen strata-freeze.json --write")
    }

    @Test func aDiffNeedingADecisionNamesTheFlag() throws {
        // NotesApp's 2.0.0 makes Note.title unique: which duplicate stays is the developer's to say.
        let plan = try AppSources(folder: FixtureTree.folder("NotesApp")).plan(named: nil)
        let lines = StagePreview.lines(from: plan.versions[0], to: plan.versions[1], folder: "App")
        #expect(lines.first == "Strata needs a decision before it can write this stage:")
        #expect(lines.contains { $0.contains("--keep Note.title=first or --keep Note.title=last") })
    }
}
