import Strata
import Testing

@testable import StrataTUI

/// `w` on the Diff pane (issue 45): the stage `strata next-version` would write for the two versions diffed, shown
/// read-only and scrollable, `y` copying it; without a plan read from sources, a message says why there is none.
@Suite struct StagePreviewKeyTests {
    @Test func wShowsTheStageForTheDiffAndYCopiesIt() throws {
        var state = try Fixtures.bookshelf()
        let lines = ["A lightweight stage:", "", "static let migrateV1toV2 = MigrationStage.lightweight(…)"]
        state.options.stagePreviews[Fixtures.stage(1, 2)] = lines
        state.focus = .diff
        state.diffFrom = 0
        state.diffTo = 1
        #expect(Reducer.reduce(&state, .key(.character("w"))) == [])
        guard case .text(let text)? = state.overlay else {
            Issue.record("w should open the stage in a text overlay")
            return
        }
        #expect(text.title.contains("1.0.0"))
        #expect(text.title.contains("2.0.0"))
        #expect(text.paragraphs == lines)
        #expect(Reducer.reduce(&state, .key(.character("y"))) == [.copy(lines.joined(separator: "\n"))])
        #expect(state.message?.text.contains("Copied") == true)
    }

    /// Previews are keyed by the typed versions, never their labels: a Core Data model's named versions ("Garden 2",
    /// not "2.0.0") get theirs, and two versions whose names are the same text each get their own.
    @Test func namedVersionsAndCollidingLabelsGetTheirOwnStage() throws {
        var state = try Fixtures.bookshelf(names: ["Garden", "Garden", "Garden 3"])
        #expect(state.versions.map(\.label) == ["Garden", "Garden", "Garden 3"])
        state.options.stagePreviews[Fixtures.stage(1, 3)] = ["static let migrateV1toV3 = MigrationStage.custom("]
        state.options.stagePreviews[Fixtures.stage(2, 3)] = ["static let migrateV2toV3 = MigrationStage.lightweight("]
        state.focus = .diff
        for (from, name) in [(0, "migrateV1toV3"), (1, "migrateV2toV3")] {
            state.overlay = nil
            state.diffFrom = from
            state.diffTo = 2
            _ = Reducer.reduce(&state, .key(.character("w")))
            guard case .text(let text)? = state.overlay else {
                Issue.record("w should open the stage from version \(from + 1) in a text overlay")
                continue
            }
            #expect(text.paragraphs.first?.contains(name) == true, "\(text.paragraphs)")
            #expect(text.title.contains("Garden → Garden 3"), "\(text.title)")
        }
    }

    /// A store's own schema shown before the plan's versions is not a version `next-version` writes from, even where
    /// its number is one of the plan's.
    @Test func theStoresOwnSchemaHasNoStage() throws {
        var state = try Fixtures.bookshelf()
        state.storeModelFirst = true
        state.versions[0].label = "model 1.0.0"
        state.options.stagePreviews[Fixtures.stage(1, 2)] = ["static let migrateV1toV2 = MigrationStage.lightweight("]
        state.focus = .diff
        state.diffFrom = 0
        state.diffTo = 1
        _ = Reducer.reduce(&state, .key(.character("w")))
        #expect(state.overlay == nil)
        #expect(
            state.message?.text.contains("model 1.0.0 is the store's own") == true,
            "\(String(describing: state.message))")
    }

    @Test func withoutSourcesWSaysWhyThereIsNoStage() throws {
        var state = try Fixtures.bookshelf()
        state.focus = .diff
        #expect(Reducer.reduce(&state, .key(.character("w"))) == [])
        #expect(state.overlay == nil)
        #expect(state.message?.text.contains("--sources") == true)
    }
}
