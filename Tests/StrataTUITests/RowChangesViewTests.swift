import Foundation
import Strata
import StrataTUI
import Testing

/// The rows view as changes since the store's version: `c` toggles it after a dry-run stage ran, `f` cycles the
/// kinds, Enter shows a row's every property before and after, pages load as they scroll; golden frames at 80x24
/// and 120x40.
@Suite struct RowChangesViewTests {
    /// The bookshelf after its author split on the copy: Book's rows as changes, as the session reads them.
    static func changes(width: Int = 80, height: Int = 24, options: RenderOptions = RenderOptions()) throws -> AppState
    {
        var state = try Fixtures.bookshelf(width: width, height: height, options: options)
        state.changesSince = "1.0.0"
        state.focus = .browser
        let effects = Reducer.reduce(&state, .key(.character("c")))
        guard case .loadChanges("Book", nil, 0, let limit) = effects.first, effects.count == 1 else {
            Issue.record("c asked for \(effects), not the first page of Book's changes")
            return state
        }
        #expect(height != 24 || limit == 9, "a page fills the large pane: 9 rows at 80x24")
        var page = RowsPage(entity: "Book")
        var view = RowChangesView(since: "1.0.0")
        view.counts = RowChangeCounts(inserted: 1, deleted: 1, changed: 2_998, unchanged: 0)
        func split(_ key: String, _ author: String, _ first: String, _ last: String, _ isbn: String) -> ChangedRow {
            ChangedRow(
                kind: .changed, key: key,
                cells: [
                    ChangedCell(before: "Dune", after: "Dune", changed: false),
                    ChangedCell(before: isbn, after: isbn, changed: false),
                    ChangedCell(before: author, after: nil, changed: true),
                    ChangedCell(before: nil, after: first, changed: true),
                    ChangedCell(before: nil, after: last, changed: true),
                ])
        }
        view.rows = [
            split("1", "Frank Herbert", "Frank", "Herbert", "978-0441172719"),
            split("2", "Jane Austen", "Jane", "Austen", "978-0141439587"),
            ChangedRow(
                kind: .inserted, key: "3001",
                cells: [
                    ChangedCell(before: nil, after: "Emma", changed: false),
                    ChangedCell(before: nil, after: "978-0000000003", changed: false),
                    ChangedCell(before: nil, after: nil, changed: false),
                    ChangedCell(before: nil, after: "Jane", changed: false),
                    ChangedCell(before: nil, after: "Austen", changed: false),
                ]),
        ]
        page.changes = view
        page.columns = ["_pk", "title", "isbnCode (was isbn)", "author (dropped)", "firstName", "lastName"]
        page.rows = view.rows.map { [$0.key] + $0.cells.map { $0.text(arrow: options.glyphs.arrow) } }
        page.total = 3_000
        _ = Reducer.reduce(&state, .rowsLoaded(page))
        return state
    }

    @Test func goldenFrames() throws {
        for (width, height) in GoldenFrameTests.sizes {
            for monochrome in [false, true] {
                let state = try Self.changes(
                    width: width, height: height, options: RenderOptions(monochrome: monochrome))
                try GoldenFrame.check(
                    Renderer.render(state), "changes-\(width)x\(height)-\(monochrome ? "mono" : "colour")",
                    monochrome: monochrome)
            }
        }
    }

    @Test func changedCellsAreHighlightedAndRowKindsColoured() throws {
        let frame = Renderer.render(try Self.changes(width: 120, height: 40))
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let roles = frame.roleMap.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The second row (the first is selected, drawn reversed).
        let row = try #require(lines.firstIndex { $0.contains("Jane Austen") })
        let column = try #require(lines[row].range(of: "Jane Austen")).lowerBound.utf16Offset(in: lines[row])
        #expect(Array(roles[row])[column] == "~", "a changed cell is highlighted")
        let title = try #require(lines[row].range(of: "Dune")).lowerBound.utf16Offset(in: lines[row])
        #expect(Array(roles[row])[title] != "~", "an unchanged cell is not")
        let inserted = try #require(lines.firstIndex { $0.contains("3001") })
        let key = try #require(lines[inserted].range(of: "3001")).lowerBound.utf16Offset(in: lines[inserted])
        #expect(Array(roles[inserted])[key] == "+")
        #expect(frame.text.contains("~2,998 +1 -1 =0 · rows 1–3 of 3,000"))
        let small = Renderer.render(try Self.changes())
        #expect(small.text.contains("~2,998 +1 -1 =0 · rows 1–3 of 3,000"), "the counts fit at 80x24")
    }

    @Test func keysToggleFilterPageAndShowARowInFull() throws {
        var state = try Self.changes()
        let filtered = Reducer.reduce(&state, .key(.character("f")))
        guard case .loadChanges("Book", .changed, 0, let size) = filtered.first else {
            Issue.record("f asked for \(filtered)")
            return
        }
        var page = try #require(state.browser.page)
        #expect(page.changes?.kind == .changed && page.loading)
        page.loading = false
        state.browser.page = page
        #expect(Reducer.reduce(&state, .key(.pageDown)).isEmpty == false)
        state.browser.page?.loading = false
        #expect(
            Reducer.reduce(&state, .key(.character("f")))
                == [.loadChanges(entity: "Book", kind: .inserted, offset: 0, limit: size)])

        var full = try Self.changes()
        _ = Reducer.reduce(&full, .key(.enter))
        guard case .text(let overlay) = full.overlay else {
            Issue.record("Enter shows no overlay")
            return
        }
        #expect(overlay.title == "Book 1: changed since 1.0.0")
        #expect(overlay.paragraphs.contains("* author (dropped): Frank Herbert → –"))
        #expect(overlay.paragraphs.contains("* firstName: – → Frank"))
        #expect(overlay.paragraphs.contains("  title: Dune → Dune"))

        #expect(
            Reducer.reduce(&full, .key(.escape)).isEmpty && full.overlay == nil)
        #expect(
            Reducer.reduce(&full, .key(.character("c")))
                == [.loadRows(entity: "Book", offset: 0, limit: size, filter: [])])
        #expect(full.browser.page?.changes == nil)
    }

    @Test func withoutAStageRunCSaysWhatToDo() throws {
        var state = try Fixtures.bookshelf()
        state.focus = .browser
        _ = Reducer.reduce(&state, .key(.enter))
        var page = RowsPage(entity: "Book")
        page.columns = ["_pk", "title"]
        page.rows = [["1", "Dune"]]
        page.total = 1
        _ = Reducer.reduce(&state, .rowsLoaded(page))
        #expect(Reducer.reduce(&state, .key(.character("c"))).isEmpty)
        #expect(state.message?.text.contains("No stage has run on the copy yet") == true)
        #expect(state.browser.page?.changes == nil)
    }
}
