import Foundation
import Testing

@testable import Strata
@testable import StrataTUI

/// Issue 44 as reducer values, no terminal: what `n`, `m` and `c` say once a dry run has run every stage, or after
/// a stage failed.
@Suite struct SecondPassReducerTests {
    /// The bookshelf state after a dry run ran both stages on the copy.
    static func dryRunDone() throws -> AppState {
        var state = try Fixtures.bookshelf()
        for (index, stage) in [Fixtures.stage(1, 2), Fixtures.stage(2, 3)].enumerated() {
            _ = Reducer.reduce(
                &state, .migration(.stageStarted(index: index, count: 2, stage: stage, totalRows: 2_000)))
            _ = Reducer.reduce(&state, .migration(.stageFinished(stage: stage, duration: 0.1, rows: 2_000)))
        }
        _ = Reducer.reduce(&state, .runEnded(.completed))
        return state
    }

    @Test func nAfterACompleteDryRunSaysHowToApplyIt() throws {
        var state = try Self.dryRunDone()
        #expect(Reducer.reduce(&state, .key(.character("n"))) == [])
        #expect(
            state.message?.text
                == "The dry run is complete: the private copy is at 3.0.0, the store still at 1.0.0. m switches to APPLY to run 1.0.0 → 2.0.0 → 3.0.0 on the store."
        )
    }

    @Test func mAfterACompleteDryRunAsksToApplyFromTheStoresVersion() throws {
        var state = try Self.dryRunDone()
        _ = Reducer.reduce(&state, .key(.character("m")))
        guard case .confirm(let question)? = state.overlay else {
            Issue.record(
                "m should ask to switch to APPLY, not say there is nothing to run: \(state.message?.text ?? "")")
            return
        }
        #expect(
            question.lines.last
                == "from its own version 1.0.0: 1.0.0 → 2.0.0 → 3.0.0; each run asks again before it writes.")
        for character in "apply" { _ = Reducer.reduce(&state, .key(.character(character))) }
        #expect(Reducer.reduce(&state, .key(.enter)) == [.switchMode(.apply)])
        #expect(state.stages.map(\.status) == [.pending, .pending], "the stages are the store's to run now")
        #expect(Reducer.reduce(&state, .key(.character("r"))) == [])
        guard case .confirm(let apply)? = state.overlay else {
            Issue.record("r in APPLY mode asks before it writes")
            return
        }
        #expect(apply.lines.first == "Migrate the store 1.0.0 → 3.0.0 (every remaining stage):")
    }

    @Test func cAfterAFailedStageSaysItFailed() throws {
        var state = try Fixtures.bookshelf()
        _ = Reducer.reduce(
            &state, .migration(.stageStarted(index: 0, count: 2, stage: Fixtures.stage(1, 2), totalRows: 2_000)))
        _ = Reducer.reduce(
            &state, .migration(.stageFailed(stage: Fixtures.stage(1, 2), failure: Fixtures.failure("duplicates"))))
        _ = Reducer.reduce(&state, .runEnded(.failed(Fixtures.failure("duplicates"))))
        _ = Reducer.reduce(&state, .key(.character("3")))
        #expect(Reducer.reduce(&state, .key(.character("c"))) == [])
        #expect(
            state.message?.text
                == "Stage 1.0.0 → 2.0.0 failed and rolled back: no stage has changed the copy's rows yet. Enter on it in the Stages pane shows why; n runs it again."
        )
    }

    @Test func aResizeLoadsThePageAgainWithAsManyRowsAsFit() throws {
        var state = try Fixtures.rows()
        let before = Reducer.rowsPageSize(state)
        let effects = Reducer.reduce(&state, .resize(width: 120, height: 40))
        #expect(Reducer.rowsPageSize(state) > before)
        #expect(effects == [.loadRows(entity: "Book", offset: 0, limit: Reducer.rowsPageSize(state), filter: [])])
        #expect(Reducer.reduce(&state, .resize(width: 120, height: 40)) == [], "the same size loads nothing")
    }

    @Test func theChangesViewPutsChangedColumnsFirst() {
        let properties = [
            PropertyLineage(after: "title", before: "title"), PropertyLineage(after: "isbnCode", before: "isbn"),
            PropertyLineage(after: "publishedYear", before: nil), PropertyLineage(after: nil, before: "author"),
            PropertyLineage(after: "firstName", before: nil),
        ]
        let changes = [
            PropertyRowChanges(property: "author", renamedFrom: nil, kind: .dropped, rows: 300),
            PropertyRowChanges(property: "firstName", renamedFrom: nil, kind: .filled, rows: 300),
            PropertyRowChanges(property: "publishedYear", renamedFrom: nil, kind: .filled, rows: 0),
        ]
        let ordered = RowChangesView.ordered(properties, changes: changes).map { $0.after ?? $0.before ?? "" }
        #expect(ordered == ["author", "firstName", "isbnCode", "title", "publishedYear"])
    }

    /// At 80 columns the Versions pane keeps its store and target markers whole (the fingerprints give way), and the
    /// progress bar leaves a column before the pane's border.
    @Test func eightyColumnsKeepTheMarkersAndABorderGap() throws {
        let text = Renderer.render(try Fixtures.running()).text
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("│ f 1.0.0 1 entity store ") }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("│ t 3.0.0 1 entity target ") }, "\(text)")
        #expect(!text.contains("st…") && !text.contains("ta…"), "\(text)")
        let bar = try #require(lines.first { $0.contains("] ") && $0.contains("rows") })
        #expect(bar.hasSuffix("rows │"), "\(bar)")
    }

    @Test func readOnlyNeverSwitchesToApply() throws {
        var state = try Fixtures.bookshelf()
        state.neverApply = true
        #expect(Reducer.reduce(&state, .key(.character("m"))) == [])
        #expect(state.overlay == nil && state.mode == .dryRun)
        #expect(state.message?.text.hasPrefix("Opened with --read-only: the store is never written") == true)
        #expect(Reducer.reduce(&state, .key(.character("n"))) == [.run(all: false)], "dry runs still run")
    }

    @Test func yCopiesTheSelectedStageWithItsSQL() throws {
        var state = try Fixtures.bookshelf()
        _ = Reducer.reduce(&state, .key(.character("2")))
        let effects = Reducer.reduce(&state, .key(.character("y")))
        guard case .copy(let text)? = effects.first, effects.count == 1 else {
            Issue.record("y should copy: \(effects)")
            return
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(2) == ["Stage 1.0.0 → 2.0.0 (lightweight)", "pending"], "\(text)")
        #expect(text.contains("Steps and SQL it will run") && text.contains("ALTER TABLE"), "\(text)")
        #expect(
            state.message?.text == "Copied stage 1.0.0 → 2.0.0 with its SQL to the clipboard (\(lines.count) lines).")
    }

    @Test func yInTheChangesViewCopiesTheRowBeforeAndAfter() throws {
        var state = try Fixtures.bookshelf()
        var page = RowsPage(entity: "Book")
        var changes = RowChangesView(since: "1.0.0")
        changes.rows = [
            ChangedRow(
                kind: .changed, key: "1",
                cells: [
                    ChangedCell(before: "Frank Herbert", after: nil, changed: true),
                    ChangedCell(before: nil, after: "Frank", changed: true),
                ])
        ]
        page.changes = changes
        page.columns = ["_pk", "author (dropped)", "firstName"]
        page.rows = [["1", "Frank Herbert → –", "– → Frank"]]
        state.browser.page = page
        state.main = .rows
        state.focus = .diff
        _ = Reducer.reduce(&state, .rowsLoaded(page))
        let effects = Reducer.reduce(&state, .key(.character("y")))
        #expect(
            effects == [
                .copy(
                    "Book 1: changed since 1.0.0\n* author (dropped): Frank Herbert → –\n* firstName: – → Frank")
            ])
        #expect(state.message?.text == "Copied Book 1 before and after to the clipboard (3 lines).")
    }

    /// A stage's detail says the command that dry-runs to it, with the plan as it was named on the command line.
    @Test func aStagesDetailShowsItsCommandLine() throws {
        var state = try Fixtures.bookshelf(width: 160, height: 40)
        state.planArguments = ["--sources", "My App/Sources"]
        _ = Reducer.reduce(&state, .key(.character("2")))
        _ = Reducer.reduce(&state, .key(.enter))
        let text = Renderer.render(state).text
        #expect(text.contains("The same on the command line"), "\(text)")
        #expect(
            StageDetailView.commandLine(state, state.stages[0])
                == "strata migrate /tmp/strata-demo/bookshelf.store --sources 'My App/Sources' --to 2.0.0 --dry-run --rows"
        )
        #expect(
            text.contains("│   strata migrate /tmp/strata-demo/bookshelf.store --sources 'My App/Sources' --to 2.0.0"))
    }

    @Test func eExportsTheDiffAsMarkdown() throws {
        var state = try Fixtures.bookshelf()
        let effects = Reducer.reduce(&state, .key(.character("e")))
        guard case .export(let name, let markdown)? = effects.first, effects.count == 1 else {
            Issue.record("e should export: \(effects)")
            return
        }
        #expect(name == "strata-diff-1.0.0-3.0.0")
        #expect(markdown.hasPrefix("# Diff 1.0.0 → 3.0.0\n\n```\n5 changes · 2 lightweight, 2 custom, 1 destructive\n"))
        #expect(markdown.contains("~ lightweight isbnCode renamed from isbn"), "\(markdown)")
        _ = Reducer.reduce(&state, .exported(path: "/tmp/x/strata-diff-1.0.0-3.0.0.md"))
        #expect(state.message?.text == "Exported to /tmp/x/strata-diff-1.0.0-3.0.0.md.")
    }

    /// In an ASCII terminal (LANG=C) a changed value reads `old -> new`, as every other arrow there does.
    @Test func changedValuesUseTheTerminalsArrow() throws {
        var state = try Fixtures.bookshelf(options: RenderOptions(ascii: true))
        var page = RowsPage(entity: "Book")
        var changes = RowChangesView(since: "1.0.0")
        changes.rows = [
            ChangedRow(
                kind: .changed, key: "1", cells: [ChangedCell(before: "Frank Herbert", after: nil, changed: true)])
        ]
        page.changes = changes
        page.columns = ["_pk", "author (dropped)"]
        (state.browser.page, state.main, state.focus) = (page, .rows, .diff)
        _ = Reducer.reduce(&state, .rowsLoaded(page))
        #expect(state.browser.page?.rows == [["1", "Frank Herbert -> –"]])
        #expect(Renderer.render(state).text.contains("Frank Herbert -> -"))
    }
}

/// Issue 44, item 9: what the user chose to do (switch to APPLY, cancel a stage, put both ends of the diff on one
/// version) is logged as what happened, not as a warning.
@Suite struct OrdinaryActionsLogTests {
    @Test func ordinaryActionsAreNotLoggedAsWarnings() throws {
        var state = try Fixtures.bookshelf()
        // f and t on one version: the Diff shows its schema.
        _ = Reducer.reduce(&state, .key(.character("f")))
        _ = Reducer.reduce(&state, .key(.character("t")))
        // m, typed apply: APPLY mode.
        _ = Reducer.reduce(&state, .key(.character("m")))
        for character in "apply" { _ = Reducer.reduce(&state, .key(.character(character))) }
        _ = Reducer.reduce(&state, .key(.enter))
        #expect(state.mode == .apply)
        #expect(state.log.contains { $0.hasPrefix("APPLY mode: n and r now write") }, "\(state.log)")
        #expect(state.log.contains { $0.hasPrefix("Both ends of the diff are") }, "\(state.log)")
        #expect(!state.log.contains { $0.hasPrefix("warning:") }, "\(state.log)")
    }
}

/// Issue 44, item 9: once the custom stage that fills Book.firstName and lastName has run, the Diff pane's counts of
/// the rows that lacked them read as what its code handled, not as problems; the author it drops is still a loss.
@Suite struct HandledFindingsTests {
    @Test func findingsUnderARunCustomStageReadAsHandled() throws {
        var state = try Fixtures.bookshelf(width: 160, height: 50)
        let diff = { (state: AppState) in
            DiffView.lines(state, width: 200).map { $0.spans.map(\.text).joined() }.joined(separator: "\n")
        }
        var text = diff(state)
        #expect(text.contains("data: 2,000 rows without a value") && !text.contains("handled by"), "\(text)")
        for stage in [Fixtures.stage(1, 2), Fixtures.stage(2, 3)] {
            _ = Reducer.reduce(
                &state, .migration(.stageStarted(index: 0, count: 2, stage: stage, totalRows: 2_000)))
            _ = Reducer.reduce(&state, .migration(.stageFinished(stage: stage, duration: 0.02, rows: 2_000)))
        }
        text = diff(state)
        #expect(text.contains("handled by the custom stage 2.0.0 → 3.0.0, which ran"), "\(text)")
        #expect(!text.contains("without a value\n"), "\(text)")
        #expect(text.contains("data: 2,000 non-nil values dropped"), "\(text)")
    }
}
