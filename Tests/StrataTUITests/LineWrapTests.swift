import Testing

@testable import StrataTUI

/// How the panes wrap text (the progress log, a change's detail): at spaces, long words cut, lines of a failure kept.
@Suite struct LineWrapTests {
    @Test func aLineThatFitsIsKeptWhole() {
        #expect(Line.wrap("stage 1.0.0 -> 2.0.0 done in 0.05s", width: 40) == ["stage 1.0.0 -> 2.0.0 done in 0.05s"])
        #expect(Line.wrap("two  spaces kept ", width: 40) == ["two  spaces kept "])
        #expect(Line.wrap("", width: 10) == [""])
        #expect(Line.wrap("村上春樹", width: 8) == ["村上春樹"])
    }

    @Test func wrapsAtSpacesAndCutsAWordLongerThanTheWidth() {
        #expect(
            Line.wrap("rows of Book: 3 changed, 0 unchanged", width: 16) == [
                "rows of Book: 3", "changed, 0", "unchanged",
            ])
        #expect(Line.wrap("abcdefghij klm", width: 4) == ["abcd", "efgh", "ij", "klm"])
        #expect(Line.wrap("村上春樹", width: 5) == ["村上", "春樹"])
    }

    /// As it always has, a wrapped text starts at its first word; the callers indent continuations themselves.
    @Test func leadingSpacesAreDropped() {
        #expect(Line.wrap("  rebuild Book (12-step)", width: 40) == ["rebuild Book (12-step)"])
        #expect(Line.wrap("   ", width: 10) == [""])
    }

    @Test func eachLineOfAFailureWrapsWithItsIndent() {
        let failure = "Stage failed:\n  - Ticket.number: 2 rows are empty"
        #expect(
            Line.wrap(failure, width: 20) == ["Stage failed:", "  - Ticket.number: 2", "  rows are empty"])
    }
}
