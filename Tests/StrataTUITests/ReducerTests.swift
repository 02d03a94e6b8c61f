import Strata
import Testing

@testable import StrataTUI

/// Keys and background results change the state and ask for the right effects; no terminal involved.
@Suite struct ReducerTests {
    @Test func tabAndDigitsMoveBetweenPanes() throws {
        var state = try Fixtures.bookshelf()
        var seen: [Pane] = []
        for _ in 0..<5 {
            _ = Reducer.reduce(&state, .key(.tab))
            seen.append(state.focus)
        }
        #expect(
            seen == [.stages, .browser, .diff, .progress, .versions], "reading order: the left column, then the right")
        _ = Reducer.reduce(&state, .key(.backTab))
        #expect(state.focus == .progress)
        _ = Reducer.reduce(&state, .key(.character("2")))
        #expect(state.focus == .stages)
    }

    @Test func dryRunStartsAtOnceOnTheCopy() throws {
        var state = try Fixtures.bookshelf()
        #expect(state.mode == .dryRun)
        #expect(Reducer.reduce(&state, .key(.character("n"))) == [.run(all: false)])
        #expect(state.running)
        #expect(Reducer.reduce(&state, .key(.character("r"))) == [], "a second run waits for the first")
        #expect(state.message?.level == .warning)
    }

    @Test func applyModeNeedsTypedConfirmationNamingStoreAndVersions() throws {
        var state = try Fixtures.bookshelf()
        #expect(Reducer.reduce(&state, .key(.character("m"))) == [])
        guard case .confirm(let question)? = state.overlay else {
            Issue.record("m should ask for confirmation")
            return
        }
        #expect(question.lines.joined(separator: " ").contains(Fixtures.storePath))
        #expect(question.lines.joined(separator: " ").contains("from its own version 1.0.0: 1.0.0 → 2.0.0 → 3.0.0"))
        #expect(Reducer.reduce(&state, .key(.enter)) == [], "Enter alone confirms nothing")
        for character in "apply" { _ = Reducer.reduce(&state, .key(.character(character))) }
        #expect(Reducer.reduce(&state, .key(.enter)) == [.switchMode(.apply)])
        #expect(state.mode == .apply)

        #expect(Reducer.reduce(&state, .key(.character("n"))) == [], "n in apply mode asks first")
        guard case .confirm(let apply)? = state.overlay else {
            Issue.record("n in apply mode should ask for confirmation")
            return
        }
        #expect(apply.lines.joined(separator: " ").contains("1.0.0 → 2.0.0"))
        #expect(Reducer.reduce(&state, .key(.escape)) == [])
        #expect(state.overlay == nil && !state.running)
        _ = Reducer.reduce(&state, .key(.character("r")))
        for character in "yes" { _ = Reducer.reduce(&state, .key(.character(character))) }
        #expect(Reducer.reduce(&state, .key(.enter)) == [.run(all: true)])
    }

    @Test func controlCCancelsARunningStageAndQuitsOtherwise() throws {
        var state = try Fixtures.running()
        #expect(Reducer.reduce(&state, .key(.interrupt)) == [.cancel])
        #expect(state.cancelling && !state.quitting)
        _ = Reducer.reduce(
            &state, .migration(.stageFailed(stage: Fixtures.stage(2, 3), failure: Fixtures.cancelled(2, 3))))
        _ = Reducer.reduce(&state, .runEnded(.cancelled))
        #expect(state.stages[1].status == .cancelled)
        #expect(!state.running)
        #expect(Reducer.reduce(&state, .key(.interrupt)) == [.quit])
        #expect(state.quitting)
    }

    @Test func quitWhileRunningAsksThenCancelsAndQuitsAfterTheRollback() throws {
        var state = try Fixtures.running()
        #expect(Reducer.reduce(&state, .key(.character("q"))) == [])
        #expect(state.overlay == .quitWhileRunning && !state.quitting)
        #expect(Reducer.reduce(&state, .key(.escape)) == [], "Esc keeps the stage running")
        #expect(state.overlay == nil && !state.cancelling)
        _ = Reducer.reduce(&state, .key(.character("q")))
        #expect(Reducer.reduce(&state, .key(.character("q"))) == [.cancel])
        #expect(
            state.cancelling && state.quitWhenStopped && !state.quitting, "the UI keeps drawing until the rollback ends"
        )
        #expect(state.visibleMessage?.text.contains("then quitting") == true)
        #expect(Reducer.reduce(&state, .key(.interrupt)) == [], "a second cancel asks nothing more")
        _ = Reducer.reduce(
            &state, .migration(.stageFailed(stage: Fixtures.stage(2, 3), failure: Fixtures.cancelled(2, 3))))
        #expect(Reducer.reduce(&state, .runEnded(.cancelled)) == [.quit])
        #expect(state.quitting)
    }

    @Test func migrationEventsDriveStagesAndProgress() throws {
        let state = try Fixtures.running()
        #expect(state.stages.map(\.status) == [.done, .running])
        #expect(state.stages[0].duration == 0.02)
        let progress = try #require(state.progress)
        #expect(progress.index == 2 && progress.count == 2)
        #expect(progress.step == "rebuild Book (12-step)")
        #expect(progress.rowsDone == 1_000)
        #expect(abs(progress.elapsed(now: state.now) - 4) < 0.001)
        #expect(abs((progress.rate(now: state.now) ?? 0) - 250) < 0.01)
        #expect(abs((progress.remaining(now: state.now) ?? 0) - 4) < 0.01)
    }

    @Test func enterOnAnEntityLoadsItsFirstPageAndPagesMove() throws {
        var state = try Fixtures.rows()
        #expect(state.main == .rows && state.focus == .diff)
        let size = Reducer.rowsPageSize(state)
        #expect(
            Reducer.reduce(&state, .key(.pageDown)) == [
                .loadRows(entity: "Book", offset: size, limit: size, filter: [])
            ])
        #expect(state.browser.page?.loading == true)
    }

    @Test func rowFilterNeedsColumnEqualsValue() throws {
        var state = try Fixtures.rows()
        _ = Reducer.reduce(&state, .key(.character("/")))
        for character in "author=Plato" { _ = Reducer.reduce(&state, .key(.character(character))) }
        let size = Reducer.rowsPageSize(state)
        #expect(
            Reducer.reduce(&state, .key(.enter)) == [
                .loadRows(entity: "Book", offset: 0, limit: size, filter: [RowFilter(column: "author", value: "Plato")])
            ])
        _ = Reducer.reduce(
            &state, .rowsLoaded(RowsPage(entity: "Book", filter: [RowFilter(column: "author", value: "Plato")])))
        _ = Reducer.reduce(&state, .key(.character("/")))
        state.filterInput = "Plato"
        #expect(Reducer.reduce(&state, .key(.enter)) == [])
        #expect(state.message?.level == .warning)
    }

    @Test func listFilterNarrowsTheFocusedPane() throws {
        var state = try Fixtures.bookshelf()
        _ = Reducer.reduce(&state, .key(.character("/")))
        for character in "2.0" { _ = Reducer.reduce(&state, .key(.character(character))) }
        _ = Reducer.reduce(&state, .key(.enter))
        #expect(state.visibleVersions == [1])
        _ = Reducer.reduce(&state, .key(.escape))
        #expect(state.visibleVersions == [0, 1, 2])
    }

    @Test func versionPicksChangeTheDiffAndAskForCounts() throws {
        var state = try Fixtures.bookshelf()
        // 1.0.0 -> 3.0.0 goes step by step: the rename of 1.0.0 -> 2.0.0 is a rename, not a removal and an addition.
        #expect(
            state.diff.map(\.step) == [
                "1.0.0 -> 2.0.0", "1.0.0 -> 2.0.0", "2.0.0 -> 3.0.0", "2.0.0 -> 3.0.0", "2.0.0 -> 3.0.0",
            ])
        #expect(
            state.diff.map(\.text) == [
                "Book.isbnCode renamed from isbn", "Book.publishedYear added (Int, optional)",
                "Book.firstName added (String, required, no default)",
                "Book.lastName added (String, required, no default)",
                "Book.author removed (String)",
            ])
        #expect(
            AppState.diffSteps(from: 2, to: 0).map { [$0.from, $0.to] } == [[2, 1], [1, 0]],
            "backwards the steps in reverse")
        #expect(
            AppState.diffSteps(from: 0, to: 3, storeModelMatch: .some(1)).map { [$0.from, $0.to] } == [
                [0, 1], [1, 2], [2, 3],
            ])
        #expect(
            AppState.diffSteps(from: 0, to: 3, storeModelMatch: .some(nil)).map { [$0.from, $0.to] } == [[0, 3]],
            "a model equal to no version: direct")
        _ = Reducer.reduce(&state, .key(.character("j")))
        #expect(Reducer.reduce(&state, .key(.character("t"))) == [.loadFindings(from: 0, to: 1)])
        #expect(state.diff.map(\.label) == ["lightweight", "lightweight"])
        #expect(state.findings.isEmpty)
        #expect(Reducer.reduce(&state, .key(.enter)) == [.loadFindings(from: 1, to: 2)])
        #expect(state.diff.contains { $0.label == "custom" })
        _ = Reducer.reduce(&state, .findingsLoaded(from: 0, to: 1, [], note: "stale"))
        #expect(state.findingsNote == nil, "counts for another pair are dropped")
    }

    @Test func enterOnAStageShowsItsDetailAndEscGoesBack() throws {
        var state = try Fixtures.bookshelf()
        _ = Reducer.reduce(&state, .key(.character("2")))
        _ = Reducer.reduce(&state, .key(.enter))
        #expect(state.main == .stage(0) && state.focus == .diff)
        _ = Reducer.reduce(&state, .key(.escape))
        #expect(state.main == .diff && state.focus == .stages)
    }

    @Test func resizeBelowTheMinimumSaysSo() throws {
        var state = try Fixtures.bookshelf()
        _ = Reducer.reduce(&state, .resize(width: 40, height: 10))
        #expect(Renderer.render(state).text.contains("Terminal too small: 40x10"))
        _ = Reducer.reduce(&state, .resize(width: 100, height: 30))
        #expect(Renderer.render(state).text.contains("1 Versions"))
    }

    @Test func helpClosesOnAnyKey() throws {
        var state = try Fixtures.bookshelf()
        _ = Reducer.reduce(&state, .key(.character("?")))
        #expect(state.overlay == .help(scroll: 0))
        #expect(Reducer.reduce(&state, .key(.character("q"))) == [])
        #expect(state.overlay == nil && !state.quitting)
    }

    @Test func messagesExpireWithTheClock() throws {
        var state = try Fixtures.bookshelf()
        state.say("hello")
        #expect(state.visibleMessage?.text == "hello")
        _ = Reducer.reduce(&state, .tick(now: state.now + 10))
        #expect(state.visibleMessage == nil)
    }

    @Test func aStagesOutputAndSideFilesGoToTheProgressLogInOrder() throws {
        var state = try Fixtures.bookshelf()
        let stage = Fixtures.stage(1, 2)
        for event: MigrationEvent in [
            .step(stage: stage, summary: "willMigrate"), .output(stage: stage, line: "found 3 books"),
            .step(stage: stage, summary: "didMigrate"), .output(stage: stage, line: "[Shelf] info: done"),
            .sideFile(stage: stage, path: "Application Support/shelf.json"),
        ] {
            _ = Reducer.reduce(&state, .migration(event))
        }
        #expect(
            Array(state.log.suffix(5)) == [
                "  willMigrate", "  | found 3 books", "  didMigrate", "  | [Shelf] info: done",
                "  wrote Application Support/shelf.json (in the dry run's temporary folder, removed afterwards)",
            ])
    }
}
