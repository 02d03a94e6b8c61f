import Testing

@testable import StrataTUI

/// The rows view lines its columns up in terminal columns whatever the script: CJK, emoji (sequences, flags, skin
/// tones), combining marks and control characters shown as escapes.
@Suite struct RowsWidthTests {
    /// The column of the frame where `text` starts in row `y`, cell by cell (a wide character's second column is an
    /// empty cell), or nil.
    static func column(of text: String, in frame: Frame, row y: Int) -> Int? {
        let wanted = text.map(String.init)
        return (0...(frame.width - wanted.count)).first { x in
            wanted.indices.allSatisfy { frame[x + $0, y].text == wanted[$0] }
        }
    }

    @Test func everyRowStartsItsColumnsAtTheSameCell() throws {
        var state = try Fixtures.rows(width: 120, height: 40)
        var page = try #require(state.browser.page)
        page.columns = ["_pk", "title", "author", "isbn"]
        page.rows = [
            ["1", "ノルウェイの森", "村上春樹", "978-1"],
            ["2", "Rocket 🚀 🪐 ☕", "👩‍💻 Ada", "978-2"],
            ["3", "Ame\u{301}lie", "Zoe\u{308}", "978-3"],
            ["4", "Flags 🇯🇵🇫🇷 👍🏽", "line\nbreak\u{1B}", "978-4"],
        ]
        _ = Reducer.reduce(&state, .rowsLoaded(page))
        let frame = Renderer.render(state)
        let header = try #require((0..<frame.height).first { Self.column(of: "author", in: frame, row: $0) != nil })
        let isbn = try #require(Self.column(of: "isbn", in: frame, row: header))
        let author = try #require(Self.column(of: "author", in: frame, row: header))
        for (index, row) in page.rows.enumerated() {
            let y = header + 1 + index
            #expect(Self.column(of: row[3], in: frame, row: y) == isbn, "row \(index + 1): \(frame.text)")
        }
        #expect(frame[author, header + 1].text == "村" && frame[author + 1, header + 1].isContinuation)
        #expect(frame[author, header + 2].text == "👩‍💻" && frame[author + 1, header + 2].isContinuation)
        #expect(frame[author, header + 3].text == "Z" && frame[author + 2, header + 3].text == "e\u{308}")
        #expect(Self.column(of: "line\\nbreak\\u{1b}", in: frame, row: header + 4) == author)
        // The author column is as wide as its widest value as shown: `line\nbreak\u{1b}`, 17 columns.
        #expect(isbn == author + 17 + 2)
    }
}
