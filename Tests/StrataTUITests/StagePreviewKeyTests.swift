import Strata
import Testing

@testable import StrataTUI

/// `w` on the Diff pane (issue 45): the stage `strata next-version` would write for the two versions diffed, shown
/// read-only and scrollable, `y` copying it; without a plan read from sources, a message says why there is none.
@Suite struct StagePreviewKeyTests {
    @Test func wShowsTheStageForTheDiffAndYCopiesIt() throws {
        var state = try Fixtures.bookshelf()
        let lines = ["A lightweight stage:", "", "static let migrateV1toV2 = MigrationStage.lightweight(…)"]
        state.options.stagePreviews["1.0.0->2.0.0"] = lines
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

    @Test func withoutSourcesWSaysWhyThereIsNoStage() throws {
        var state = try Fixtures.bookshelf()
        state.focus = .diff
        #expect(Reducer.reduce(&state, .key(.character("w"))) == [])
        #expect(state.overlay == nil)
        #expect(state.message?.text.contains("--sources") == true)
    }
}
