import StrataText
import Testing

@testable import StrataTUI

/// Cells, widths and sanitizing of the frame everything is drawn into.
@Suite struct FrameTests {
    @Test func wideCharactersTakeTwoColumns() {
        var frame = Frame(width: 6, height: 1)
        #expect(frame.put("村上春樹", x: 0, y: 0) == 6)
        #expect(frame[1, 0].isContinuation)
        #expect(frame.text == "村上春")
    }

    @Test func emojiSequencesAndCombiningMarksTakeTheirColumns() {
        var frame = Frame(width: 20, height: 1)
        #expect(frame.put("👩‍💻🇯🇵e\u{301}☕🚀|", x: 0, y: 0) == 10)
        #expect(frame[0, 0].text == "👩‍💻" && frame[1, 0].isContinuation)
        #expect(frame[2, 0].text == "🇯🇵" && frame[3, 0].isContinuation)
        #expect(frame[4, 0].text == "e\u{301}")
        #expect(frame[5, 0].text == "☕" && frame[7, 0].text == "🚀" && frame[9, 0].text == "|")
    }

    @Test func escapeSequencesAreDrawnVisibly() {
        var frame = Frame(width: 30, height: 1)
        frame.put("\u{1B}[31mred\u{7}", x: 0, y: 0)
        #expect(frame.text == "\\u{1b}[31mred\\u{7}")
        #expect(!frame.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 } })
    }

    /// A box draws its edges and corners in its roles, and one that runs past the frame's edges draws what
    /// falls inside them (an overlay on a small terminal).
    @Test func aBoxDrawsItsEdgesEvenPastTheFramesEdges() {
        var frame = Frame(width: 8, height: 4)
        frame.box(Rect(x: 0, y: 0, width: 8, height: 3), title: "T", focused: false, glyphs: .unicode)
        #expect(frame.text == "┌─ T ──┐\n│      │\n└──────┘\n")
        #expect(frame[1, 1].role == .plain && frame[7, 1].role == .border && frame[3, 2].role == .border)
        #expect(frame[2, 0].role == .title)

        var clipped = Frame(width: 5, height: 3)
        clipped.box(Rect(x: -2, y: -1, width: 5, height: 3), title: "", focused: true, glyphs: .ascii)
        clipped.box(Rect(x: 3, y: 1, width: 4, height: 4), title: "", focused: false, glyphs: .ascii)
        #expect(clipped.text == "  |\n--++-\n   |")
        #expect(clipped[0, 1].role == .focusedBorder && clipped[0, 1].style == .bold && clipped[4, 1].role == .border)
    }

    /// Accented letters and the UI's symbols take a cell each, cut at the limit like any text.
    @Test func symbolsAndAccentedLettersTakeACellEach() {
        var frame = Frame(width: 6, height: 2)
        #expect(frame.put("é→─·", x: 1, y: 0, role: .dim) == 4)
        #expect(frame.put("é→─·", x: 4, y: 1) == 2)
        #expect(frame.text == " é→─·\n    é→")
        #expect(frame[2, 0].text == "→" && frame[2, 0].role == .dim)
    }

    @Test func monochromeTurnsRolesIntoAttributes() {
        var frame = Frame(width: 4, height: 1)
        frame.put("ab", x: 0, y: 0, role: .error)
        let mono = frame.monochrome
        #expect(mono[0, 0].role == .plain)
        #expect(mono[0, 0].style == [.bold, .reverse])
    }
}

/// The golden-frame mismatch message shows every differing line, including lines only one side has.
@Suite struct GoldenDiffTests {
    @Test func aFrameThatOnlyGainedLinesShowsThem() {
        let diff = GoldenFrame.lineDiff("a\nb", "a\nb\nc\nd")
        #expect(diff == "   3 + c\n   4 + d")
    }

    @Test func changedLinesShowBothSides() {
        #expect(GoldenFrame.lineDiff("a\nb\nc", "a\nB\nc") == "   2 - b\n   2 + B")
    }
}
