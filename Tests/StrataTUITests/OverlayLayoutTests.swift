import Foundation
import Strata
import Testing

@testable import StrataTUI

/// Every overlay at 80x24 and 120x40, read back from the rendered frame: no text touches the box's edge, none is
/// cut, and the help's columns (group, key, meaning, the other column) stay apart by at least two spaces.
@Suite struct OverlayLayoutTests {
    static let sizes = [(80, 24), (120, 40)]

    /// The text inside an overlay box found by its title: one string per inner row, wide characters once.
    struct Box {
        var rows: [[String]]

        /// The rows as strings.
        var lines: [String] { rows.map { $0.joined() } }

        /// Runs of text separated by two spaces or more, in reading order.
        var tokens: [String] {
            lines.flatMap { line in
                line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                    !$0.isEmpty
                }
            }
        }
    }

    /// The box whose top edge reads `┌─ title`, or nil when the frame has none.
    static func box(titled title: String, in frame: Frame) -> Box? {
        let top = Array("┌─ \(title)").map(String.init)
        for y in 0..<frame.height {
            let cells = (0..<frame.width).map { frame[$0, y].text }
            guard
                let left = (0...(frame.width - top.count)).first(where: { Array(cells[$0..<($0 + top.count)]) == top }),
                let right = cells.indices.dropFirst(left + 1).first(where: { cells[$0] == "┐" }),
                let bottom = ((y + 1)..<frame.height).first(where: { frame[left, $0].text == "└" })
            else { continue }
            return Box(
                rows: ((y + 1)..<bottom).map { row in ((left + 1)..<right).map { frame[$0, row].text } })
        }
        return nil
    }

    /// Checks that every inner row keeps a blank column on each side and that nothing is cut with an ellipsis.
    static func expectClearOfEdges(_ box: Box, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (number, row) in box.rows.enumerated() {
            #expect(
                row.first == " " && row.last == " ", "\(name) row \(number) touches the box: \(row.joined())",
                sourceLocation: sourceLocation)
            #expect(
                !row.joined().contains("…"), "\(name) row \(number) is cut: \(row.joined())",
                sourceLocation: sourceLocation)
        }
    }

    /// The overlay of `state` at each size, found by its title, checked clear of its edges.
    func overlay(
        _ title: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ make: (Int, Int) throws -> AppState
    ) throws -> [Box] {
        try Self.sizes.map { width, height in
            let frame = Renderer.render(try make(width, height))
            let box = try #require(
                Self.box(titled: title, in: frame), "no \(title) box at \(width)x\(height)\n\(frame.text)",
                sourceLocation: sourceLocation)
            Self.expectClearOfEdges(box, "\(name) at \(width)x\(height)", sourceLocation: sourceLocation)
            return box
        }
    }

    @Test func helpColumnsStayApartAndShowEveryKeyWhole() throws {
        let boxes = try overlay("Keys", "help") { width, height in
            var state = try Fixtures.bookshelf(width: width, height: height)
            _ = Reducer.reduce(&state, .key(.character("?")))
            return state
        }
        // Every group name, key and meaning is a run of its own: a column running into the next would join two
        // of them ("diff with next versionMigrate") or leave a single space between them.
        let expected = [
            "Move", "Tab S-Tab", "next / previous pane", "1..5", "pane by number", "click", "focus; wheel scrolls",
            "j k ↓ ↑", "move, scroll", "g G", "first / last", "PgUp PgDn", "page up / down", "Enter",
            "drill in, read all", "Esc", "back, close", "/", "filter; Ctrl-U clears", "Versions",
            "diff with next version", "f t", "diff from / to here", "Rows", "h l ← →", "scroll columns", "pages",
            "first / last page", "the row in full", "/a=Ann", "filter = != ~ < <= > >=", "c", "changes since store",
            "f", "filter the changes", "Migrate", "n", "run the next stage", "r", "run the rest", "Ctrl-C",
            "cancel stage, roll back", "m", "dry run / apply (asks)", "General", "y e", "copy / export the view",
            "? q", "help / quit (asks)", "j/k and PgUp/PgDn scroll; any other key closes this help.",
        ]
        for (box, (width, height)) in zip(boxes, Self.sizes) {
            let missing = expected.filter { !box.tokens.contains($0) }
            #expect(
                missing.isEmpty,
                "at \(width)x\(height) not shown apart: \(missing)\n\(box.lines.joined(separator: "\n"))")
        }
        // Both sizes have room for the two columns side by side: the help fits on one screen.
        #expect(boxes.allSatisfy { box in box.lines.contains { $0.contains("Move") && $0.contains("Rows") } })
    }

    @Test func confirmationsQuitQuestionAndTextsStayInsideTheirBoxes() throws {
        _ = try overlay("Confirm", "switch to apply") { width, height in
            var state = try Fixtures.bookshelf(width: width, height: height)
            _ = Reducer.reduce(&state, .key(.character("m")))
            return state
        }
        let quit = try overlay("Quit?", "quit question") { width, height in
            var state = try Fixtures.running(width: width, height: height)
            _ = Reducer.reduce(&state, .key(.character("q")))
            return state
        }
        for box in quit {
            #expect(box.tokens.contains("q or y: cancel and quit") && box.tokens.contains("Esc: keep running"))
        }
        _ = try overlay("Book row 1 of 2,000", "row in full") { width, height in
            var state = try Fixtures.rows(width: width, height: height)
            _ = Reducer.reduce(&state, .key(.enter))
            return state
        }
        _ = try overlay("Log", "log") { width, height in
            var state = try Fixtures.running(width: width, height: height)
            state.log.append(
                "a log line long enough to wrap in an overlay at eighty columns, "
                    + String(repeating: "and longer still ", count: 6))
            _ = Reducer.reduce(&state, .key(.enter))
            return state
        }
    }
}
