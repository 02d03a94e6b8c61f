import Foundation
import Strata
import StrataExamples
import Testing

@testable import StrataTUI

/// Golden frames of issue 17's screens: the quit question, the filter line, long texts, a store of another
/// plan, the log, a 60x16 terminal, data in an ASCII terminal, no plan, a row in full, a click.
@Suite struct FirstUseGoldenTests {
    func check(_ state: AppState, _ name: String) throws {
        try GoldenFrame.check(Renderer.render(state), name, monochrome: false)
    }

    @Test func quitWhileRunning() throws {
        var state = try Fixtures.running()
        _ = Reducer.reduce(&state, .key(.character("q")))
        try check(state, "quit-question-80x24")
    }

    @Test func rowsFilterLine() throws {
        var state = try Fixtures.rows()
        _ = Reducer.reduce(&state, .key(.character("/")))
        for character in "author=Jane Austen title~dune" { _ = Reducer.reduce(&state, .key(.character(character))) }
        try check(state, "filter-line-80x24")
    }

    @Test func aLongMessageWrapsALongerOneIsCutAndTheLogHasItWhole() throws {
        var state = try Fixtures.bookshelf()
        state.say(
            "Cannot plan a migration: the store is locked by another connection or process; close the other program (sqlite3, a running app) and try again, or copy the store and open the copy.",
            .error)
        try check(state, "message-wrapped-80x24")
        state.say(
            "Cannot plan a migration: 1.0.0 was modified after it shipped:\n"
                + (1...12).map { "Book.field\($0) added (String, optional)" }.joined(separator: "\n"), .error)
        try check(state, "message-clipped-80x24")
        _ = Reducer.reduce(&state, .key(.character("5")))
        _ = Reducer.reduce(&state, .key(.enter))
        try check(state, "message-whole-80x24")
    }

    @Test func logWithRepeats() throws {
        var state = try Fixtures.running()
        for _ in 0..<3 { state.say("A stage is running; Ctrl-C cancels it.", .warning) }
        state.log.append(
            "a log line long enough to wrap in the Progress pane, which is narrower than this sentence is long")
        try check(state, "log-80x24")
    }

    @Test func smallTerminal() throws {
        var state = try Fixtures.bookshelf(width: 60, height: 16)
        try check(state, "versions-diff-60x16")
        _ = Reducer.reduce(&state, .key(.character("?")))
        _ = Reducer.reduce(&state, .key(.pageDown))
        try check(state, "help-scrolled-60x16")
    }

    @Test func dataInAnASCIITerminal() throws {
        var state = try Fixtures.rows(options: RenderOptions(ascii: true))
        var page = try #require(state.browser.page)
        page.rows[0][2] = "Gabriel García Márquez"
        page.rows[3][2] = "Wisława Szymborska"
        _ = Reducer.reduce(&state, .rowsLoaded(page))
        try check(state, "rows-ascii-80x24")
    }

    @Test func noPlan() throws {
        let plan = try ValidatedPlan(Bookshelf.Plan.self)
        var state = AppState(
            width: 120, height: 40, storePath: Fixtures.storePath, storeVersion: "3.0.0", planName: nil,
            schemas: [plan.schemas[2]], storeIndex: 0, targetIndex: nil)
        _ = Reducer.reduce(
            &state,
            .planned(
                stages: [], note: "No plan given and no recorded history. Pass --plan NAME to plan stages.",
                mode: .dryRun, storeAt: Schema.Version(3, 0, 0), storeVersion: "3.0.0"))
        _ = Reducer.reduce(
            &state, .browsed(source: "store", version: "3.0.0", entities: [EntityCount(name: "Book", rows: 2_000)]))
        try check(state, "no-plan-120x40")
    }

    @Test func aStoreOfAnotherPlan() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-golden-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("books.store")
        try Bookshelf.makeDemoStore(at: url, rows: 10)
        let session = try Session(store: url, plan: Trips.Plan.self, planName: "trips", width: 120, height: 40)
        var state = session.initialState
        session.shutdown()
        #expect(state.storeIndex == 0 && state.versions[0].label == "store 1.0.0")
        #expect(state.stagesNote?.contains("matches no version of the plan trips") == true)
        #expect(!state.stages.contains { $0.status == .pending })
        state.storePath = "/tmp/books.store"
        try check(state, "plan-mismatch-120x40")
    }

    @Test func aRowInFull() throws {
        var state = try Fixtures.rows()
        _ = Reducer.reduce(&state, .key(.character("j")))
        _ = Reducer.reduce(&state, .key(.character("j")))
        _ = Reducer.reduce(&state, .key(.enter))
        try check(state, "row-detail-80x24")
    }

    @Test func clickSelectsInTheBrowser() throws {
        var state = try Fixtures.bookshelf()
        state.browser.entities = [EntityCount(name: "Author", rows: 12), EntityCount(name: "Book", rows: 2_000)]
        let browser = Layout(state).browser.inner
        _ = Reducer.reduce(&state, .key(.click(x: browser.x + 3, y: browser.y + 1)))
        try check(state, "clicked-80x24")
    }
}
