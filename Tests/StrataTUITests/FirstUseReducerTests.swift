import Foundation
import Strata
import StrataExamples
import Testing

@testable import StrataTUI

/// Issue 17, as a first-time user meets the UI: cancelling, filters with spaces, long texts, logs, small
/// terminals, no plan, the rows view, the mouse. Reducer and frame values, no terminal.
@Suite struct FirstUseReducerTests {
    @Test func aCancelledStageNeverShowsAHundredPercent() throws {
        var state = try Fixtures.running()
        _ = Reducer.reduce(&state, .key(.interrupt))
        _ = Reducer.reduce(
            &state, .migration(.progress(stage: Fixtures.stage(2, 3), rowsDone: 2_000, totalRows: 2_000)))
        _ = Reducer.reduce(
            &state, .migration(.stageFailed(stage: Fixtures.stage(2, 3), failure: Fixtures.cancelled(2, 3))))
        let text = Renderer.render(state).text
        #expect(text.contains("cancelled") && text.contains("99%") && !text.contains("100%"))
        _ = Reducer.reduce(&state, .runEnded(.cancelled))
        #expect(Reducer.reduce(&state, .key(.character("n"))) == [.run(all: false)], "a cancelled stage can run again")
    }

    @Test func theProgressBarKeepsItsWidthAndElapsedTimesAgree() throws {
        var state = try Fixtures.running()
        func barEnd() -> Int? {
            let line = Renderer.render(state).text.split(separator: "\n").first {
                $0.contains("] ") && $0.contains("rows")
            }
            return line.flatMap { line in line.firstIndex(of: "]").map { line.distance(from: line.startIndex, to: $0) }
            }
        }
        let before = barEnd()
        _ = Reducer.reduce(&state, .migration(.progress(stage: Fixtures.stage(2, 3), rowsDone: 20, totalRows: 2_000)))
        #expect(barEnd() == before && before != nil)
        _ = Reducer.reduce(&state, .migration(.stageFinished(stage: Fixtures.stage(2, 3), duration: 3.5, rows: 2_000)))
        _ = Reducer.reduce(&state, .tick(now: state.now + 9))
        #expect(state.progress?.elapsed(now: state.now) == 3.5, "the Progress pane shows the stage's measured duration")
        #expect(state.stages[1].duration == 3.5)
    }

    @Test func rowFiltersTakeSpacesContainsAndComparisonsAndCtrlUClears() throws {
        var state = try Fixtures.rows()
        _ = Reducer.reduce(
            &state,
            .rowsLoaded(
                {
                    var page = state.browser.page!
                    page.filter = [RowFilter(column: "author", value: "Plato")]
                    return page
                }()))
        _ = Reducer.reduce(&state, .key(.character("/")))
        #expect(state.filterInput == "author=Plato")
        _ = Reducer.reduce(&state, .key(.clearLine))
        #expect(state.filterInput == "", "Ctrl-U clears the previous filter instead of appending to it")
        for character in "author=Jane Austen _pk>10 title~dune" {
            _ = Reducer.reduce(&state, .key(.character(character)))
        }
        let effects = Reducer.reduce(&state, .key(.enter))
        #expect(
            effects == [
                .loadRows(
                    entity: "Book", offset: 0, limit: Reducer.rowsPageSize(state),
                    filter: [
                        RowFilter(column: "author", value: "Jane Austen"),
                        RowFilter(column: "_pk", .greater, value: "10"),
                        RowFilter(column: "title", .contains, value: "dune"),
                    ])
            ])
        #expect(state.browser.page?.rows.count == 4, "the rows shown stay until the filtered page arrives")
        _ = Reducer.reduce(
            &state,
            .rowsFailed(
                entity: "Book",
                .filter(RowFilterError.unknownColumn(entity: "Book", column: "writer", columns: ["_pk", "title"]))))
        #expect(
            state.browser.page?.loading == false
                && state.browser.page?.filter == [RowFilter(column: "author", value: "Plato")])
        #expect(state.visibleMessage?.text.contains("writer") == true)
        _ = Reducer.reduce(&state, .key(.character("/")))
        _ = Reducer.reduce(&state, .key(.clearLine))
        for character in "Jane Austen" { _ = Reducer.reduce(&state, .key(.character(character))) }
        #expect(Reducer.reduce(&state, .key(.enter)) == [])
        #expect(
            state.visibleMessage?.text.contains("column~text") == true, "a malformed filter names the accepted forms")
    }

    @Test func escClearsTheRowsFilterFirstThenCloses() throws {
        var state = try Fixtures.rows()
        _ = Reducer.reduce(
            &state,
            .rowsLoaded(
                {
                    var page = state.browser.page!
                    page.filter = [RowFilter(column: "author", value: "Plato")]
                    return page
                }()))
        #expect(
            Reducer.reduce(&state, .key(.escape)) == [
                .loadRows(entity: "Book", offset: 0, limit: Reducer.rowsPageSize(state), filter: [])
            ])
        #expect(state.main == .rows)
        _ = Reducer.reduce(
            &state,
            .rowsLoaded(
                {
                    var page = state.browser.page!
                    page.filter = []
                    return page
                }()))
        #expect(Reducer.reduce(&state, .key(.escape)) == [])
        #expect(state.main == .diff && state.focus == .browser)
    }

    @Test func listFiltersApplyAsYouTypeAndEscRestores() throws {
        var state = try Fixtures.bookshelf()
        _ = Reducer.reduce(&state, .key(.character("/")))
        _ = Reducer.reduce(&state, .key(.character("3")))
        #expect(state.visibleVersions == [2], "the list narrows before Enter")
        _ = Reducer.reduce(&state, .key(.escape))
        #expect(state.visibleVersions == [0, 1, 2] && state.filterInput == nil)
    }

    @Test func aLongMessageWrapsWhereItAppears() throws {
        var state = try Fixtures.bookshelf()
        let text =
            "Cannot plan a migration: the store is locked by another connection or process; close the other program (sqlite3, a running app) and try again, or copy the store and open the copy."
        state.say(text, .warning)
        #expect(!StatusBarView.messageIsClipped(state))
        let lines = Renderer.render(state).text.split(separator: "\n").map(String.init)
        let layout = Layout(state)
        let shown = lines[(layout.messageRow - 2)...layout.messageRow].map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(shown.joined(separator: " ") == "warning: " + text, "three whole lines above the status bar")
        #expect(lines[layout.statusRow].contains("DRY RUN"))
        #expect(state.message?.until ?? 0 > state.now + 6, "a long message stays longer to be read")
        _ = Reducer.reduce(&state, .tick(now: state.now + 12))
        #expect(state.visibleMessage == nil)
        let again = Renderer.render(state).text.split(separator: "\n")
        #expect(
            again[layout.messageRow - 1].hasPrefix("└") && again[layout.messageRow - 2].hasPrefix("│"),
            "the panes show again")
    }

    @Test func aClippedMessageOpensWholeWithEnter() throws {
        var state = try Fixtures.bookshelf()
        state.say(
            "Cannot plan a migration: 1.0.0 was modified after it shipped: "
                + (1...30).map { "Book.field\($0) added" }.joined(separator: ", "), .error)
        #expect(StatusBarView.messageIsClipped(state))
        #expect(Renderer.render(state).text.contains("whole in the log: 5, Enter"))
        _ = Reducer.reduce(&state, .key(.character("5")))
        _ = Reducer.reduce(&state, .key(.enter))
        guard case .text(let text)? = state.overlay else {
            Issue.record("Enter should open the message")
            return
        }
        #expect(text.paragraphs.joined().contains("Book.field12 added"))
        let frame = Renderer.render(state).text
        #expect(frame.contains("Book.field12"), "the overlay wraps the whole message: \(frame)")
        _ = Reducer.reduce(&state, .key(.escape))
        #expect(state.overlay == nil)
    }

    @Test func theLogCollapsesRepeatsWrapsAndGShowsAFullPage() throws {
        var state = try Fixtures.bookshelf(width: 80, height: 24)
        for _ in 0..<3 {
            state.say("the store is locked by another connection or process; close it and try again", .warning)
        }
        for number in 1...30 { state.log.append("line \(number)") }
        let log = ProgressView.logLines(state, width: 40).map { $0.spans.map(\.text).joined() }
        #expect(log.contains { $0.hasSuffix("×3") } || log.contains { $0.contains("×3") })
        #expect(log.filter { $0.contains("locked") }.count == 1, "repeats collapse to one entry")
        state.focus = .progress
        _ = Reducer.reduce(&state, .key(.character("g")))
        let room = ProgressView.logRoom(state)
        #expect(
            state.cursor(.progress).scroll == max(0, state.itemCount(.progress) - room), "g shows the oldest full page")
        let text = Renderer.render(state).text
        #expect(text.contains("warning: the store is locked"))
        _ = Reducer.reduce(&state, .key(.character("G")))
        #expect(state.cursor(.progress).scroll == 0)
        #expect(Renderer.render(state).text.contains("line 30"))
    }

    @Test func pickingDifferentEndsClearsTheSameEndsWarning() throws {
        var state = try Fixtures.bookshelf()
        _ = Reducer.reduce(&state, .key(.character("f")))
        _ = Reducer.reduce(&state, .key(.character("t")))
        #expect(state.visibleMessage?.text.contains("Both ends") == true)
        _ = Reducer.reduce(&state, .key(.character("G")))
        _ = Reducer.reduce(&state, .key(.character("t")))
        #expect(state.visibleMessage == nil)
    }

    @Test func aFailedApplyRunKeepsItsCrossAfterTheReplan() throws {
        var state = try Fixtures.bookshelf()
        let stages = state.stages
        _ = Reducer.reduce(&state, .key(.character("n")))
        #expect(Renderer.render(state).text.contains("Starting 1.0.0 → 2.0.0"), "the lock wait shows activity")
        _ = Reducer.reduce(
            &state,
            .migration(.stageFailed(stage: Fixtures.stage(1, 2), failure: Fixtures.failure("the store is locked"))))
        _ = Reducer.reduce(
            &state,
            .planned(stages: stages, note: nil, mode: .apply, storeAt: Schema.Version(1, 0, 0), storeVersion: "1.0.0"))
        _ = Reducer.reduce(&state, .runEnded(.failed(Fixtures.failure("the store is locked"))))
        #expect(state.stages[0].status == .failed && state.stages[0].message == "the store is locked")
    }

    @Test func smallTerminalsGetProportionalPanesScrollingHelpAndWholeHints() throws {
        var state = try Fixtures.bookshelf(width: 60, height: 16)
        let layout = Layout(state)
        #expect(layout.versions.width == 24 && layout.main.width == 36)
        let text = Renderer.render(state).text
        let status = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(!status.contains("…"), "hints are dropped whole, never cut: \(status)")
        #expect(status.contains("q quit"))
        _ = Reducer.reduce(&state, .key(.character("?")))
        #expect(!Renderer.render(state).text.contains("Ctrl-C"))
        _ = Reducer.reduce(&state, .key(.character("G")))
        #expect(Renderer.render(state).text.contains("Ctrl-C"), "the help scrolls to its end")
        #expect(state.overlay != nil)
    }

    @Test func listsShowMoreMarkers() throws {
        var state = try Fixtures.bookshelf(width: 60, height: 16)
        state.browser.entities = (1...20).map { EntityCount(name: "Entity\($0)", rows: $0) }
        let text = Renderer.render(state).text
        #expect(text.contains("/20 ↓"), "the Browser says more entities are below: \(text)")
    }

    @Test func asciiTerminalsTransliterateDataAndKeepColumns() throws {
        var frame = Frame(width: 20, height: 1)
        frame.put("García 村上 x", x: 0, y: 0)
        frame.replaceSymbolsWithASCII()
        #expect(frame.text == "Garcia ???? x")
    }

    @Test func withoutAPlanTheUIBrowsesAndSaysHowToAddOne() throws {
        let plan = try ValidatedPlan(Bookshelf.Plan.self)
        var state = AppState(
            width: 120, height: 40, storePath: Fixtures.storePath, storeVersion: "3.0.0", planName: nil,
            schemas: [plan.schemas[2]], storeIndex: 0, targetIndex: nil)
        _ = Reducer.reduce(
            &state,
            .planned(
                stages: [], note: "No plan given and no recorded history. Pass --plan NAME to plan stages.",
                mode: .dryRun, storeAt: Schema.Version(3, 0, 0), storeVersion: "3.0.0"))
        let text = Renderer.render(state).text
        #expect(text.contains("BROWSE") && !text.contains("DRY RUN"))
        #expect(!text.contains("n next") && !text.contains("m mode") && !text.contains("f/t"))
        #expect(text.contains("--plan NAME"))
        _ = Reducer.reduce(&state, .key(.character("m")))
        #expect(state.overlay == nil && state.visibleMessage?.text.contains("--plan NAME") == true)
    }

    @Test func rowsViewShowsARowWholeKeepsTheKeyAndEndsOnAFullPage() throws {
        var state = try Fixtures.rows()
        _ = Reducer.reduce(&state, .key(.character("j")))
        _ = Reducer.reduce(&state, .key(.enter))
        guard case .text(let row)? = state.overlay else {
            Issue.record("Enter on a row should open it")
            return
        }
        #expect(
            row.paragraphs.contains("title: ノルウェイの森")
                && row.paragraphs.contains("cover: <blob 16 bytes 0a1b2c3d4e5f6071…>"))
        state.overlay = nil
        _ = Reducer.reduce(&state, .key(.character("l")))
        _ = Reducer.reduce(&state, .key(.character("l")))
        let header = Renderer.render(state).text.split(separator: "\n").first { $0.contains("_pk") }
        #expect(header?.contains("_pk") == true && header?.contains("title") == false, "the key column stays put")
        let size = Reducer.rowsPageSize(state)
        #expect(
            Reducer.reduce(&state, .key(.character("G"))) == [
                .loadRows(entity: "Book", offset: 2_000 - size, limit: size, filter: [])
            ])
    }

    @Test func clicksFocusAndSelectAndTheWheelScrolls() throws {
        var state = try Fixtures.bookshelf()
        let versions = Layout(state).versions.inner
        _ = Reducer.reduce(&state, .key(.click(x: versions.x + 2, y: versions.y + 2)))
        #expect(state.focus == .versions && state.cursor(.versions).selected == 2)
        let main = Layout(state).main.inner
        _ = Reducer.reduce(&state, .key(.wheel(x: main.x + 2, y: main.y + 2, down: true)))
        #expect(state.focus == .diff && state.cursor(.diff).scroll == 3)
        _ = Reducer.reduce(&state, .key(.character("?")))
        _ = Reducer.reduce(&state, .key(.click(x: 1, y: 1)))
        #expect(state.overlay != nil, "a click does not close the help by accident")
    }

    @Test func stagesCarryATypedIdentity() throws {
        let state = try Fixtures.bookshelf()
        #expect(state.stages.map(\.id) == [Fixtures.stage(1, 2), Fixtures.stage(2, 3)])
        #expect(state.stages.map(\.kind) == [.lightweight, .custom])
        let history = StageRow(
            history: try JSONDecoder().decode(
                MigrationHistory.self,
                from: Data(#"{"fromVersion":"","toVersion":"1.0.0","kind":"inferred","appliedAt":0,"rows":3}"#.utf8)))
        #expect(history.id == StageID(from: nil, to: Schema.Version(1, 0, 0)) && history.kind == .inferred)
        #expect(history.id.description == "unversioned -> 1.0.0")
    }
}
