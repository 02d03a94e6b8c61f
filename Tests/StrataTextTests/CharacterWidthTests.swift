import StrataText
import Testing

/// Terminal columns per grapheme cluster, as terminals following Unicode's East Asian Width and emoji
/// presentation draw them.
@Suite struct CharacterWidthTests {
    @Test func eastAsianWideAndFullwidthTakeTwoColumns() {
        #expect(CharacterWidth.of("村上春樹") == 8)
        #expect(CharacterWidth.of("ノルウェイの森") == 14)
        #expect(CharacterWidth.of("한국어") == 6)
        #expect(CharacterWidth.of("ＡＢＣ") == 6) // fullwidth Latin
        #expect(CharacterWidth.of("、。") == 4)
        #expect(CharacterWidth.of("𠮷") == 2) // plane 2 ideograph
        #expect(CharacterWidth.of("ｶﾀｶﾅ") == 4) // halfwidth katakana stays narrow
    }

    @Test func emojiPresentationTakesTwoColumns() {
        #expect(CharacterWidth.of("🚀") == 2) // U+1F680, transport and map symbols
        #expect(CharacterWidth.of("🛸") == 2) // U+1F6F8
        #expect(CharacterWidth.of("🪐") == 2) // U+1FA90, symbols and pictographs extended-A
        #expect(CharacterWidth.of("🫠") == 2) // U+1FAE0
        #expect(CharacterWidth.of("☕") == 2) // U+2615, emoji presentation in the BMP
        #expect(CharacterWidth.of("⌚⚡⭐") == 6)
        #expect(CharacterWidth.of("😀") == 2)
    }

    @Test func sequencesAreOneClusterOfTwoColumns() {
        #expect(CharacterWidth.of("👩‍💻") == 2) // ZWJ sequence
        #expect(CharacterWidth.of("👨‍👩‍👧‍👦") == 2)
        #expect(CharacterWidth.of("🏳️‍🌈") == 2)
        #expect(CharacterWidth.of("🇯🇵🇫🇷") == 4) // flags
        #expect(CharacterWidth.of("👍🏽") == 2) // skin tone
        #expect(CharacterWidth.of("1️⃣") == 2) // keycap
        #expect(CharacterWidth.of("❤️") == 2) // U+2764 with the emoji presentation selector
        #expect(CharacterWidth.of("❤") == 1) // text presentation by default
        #expect(CharacterWidth.of("☕\u{FE0E}") == 1) // text presentation selector
    }

    @Test func combiningMarksAndZeroWidthCharactersTakeNone() {
        #expect(CharacterWidth.of("e\u{301}") == 1)
        #expect(CharacterWidth.of("Ame\u{301}lie") == 6)
        #expect(CharacterWidth.of("a\u{200B}b") == 2) // zero-width space
        #expect(CharacterWidth.of("\u{301}") == 0) // a mark with nothing to combine with
        #expect(CharacterWidth.of("ก\u{E34}") == 1) // Thai vowel sign above
        #expect(CharacterWidth.of("\u{1100}\u{1161}\u{11A8}") == 2) // Hangul jamo forming one syllable
    }

    /// The scalars measured once into a table (Latin-1 to the combining marks, general punctuation to geometric
    /// shapes) measure as their Unicode properties say, at the tables' edges too.
    @Test func accentedLettersAndTheUIsSymbolsMeasureByTheirProperties() {
        #expect(CharacterWidth.of("é·–—…→↓─│┌█") == 11)
        #expect(CharacterWidth.of("\u{AD}") == 0) // soft hyphen, a format character
        #expect(CharacterWidth.of("\u{36F}") == 0 && CharacterWidth.of("\u{370}") == 1) // last combining mark, Greek
        #expect(CharacterWidth.of("\u{200D}") == 0 && CharacterWidth.of("\u{2060}") == 0) // joiners
        #expect(CharacterWidth.of("\u{2329}") == 2) // a wide angle bracket
        #expect(CharacterWidth.of("\u{25FE}") == 2) // a square of emoji presentation
        #expect(CharacterWidth.of("\u{25FF}") == 1 && CharacterWidth.of("\u{2600}") == 1) // the table's end, after it
        #expect(CharacterWidth.of("\u{A0}") == 1 && CharacterWidth.of("\u{9F}") == 6) // its start; a C1 control
        #expect(CharacterWidth.of("─\u{200D}─é\u{301}") == 3) // a joiner and a mark among them: measured by cluster
    }

    @Test func controlCharactersMeasureAsTheirVisibleEscapes() {
        for text in ["a\nb", "\u{1B}[31mred", "tab\there", "\r\n", "\u{9B}x", "\u{7}"] {
            #expect(
                CharacterWidth.of(text) == CharacterWidth.of(TerminalText.sanitize(text)), "\(text.debugDescription)")
        }
        #expect(CharacterWidth.of("\u{1B}") == 6) // \u{1b}
    }

    @Test func truncateAndPadCountColumnsNotCharacters() {
        #expect(CharacterWidth.truncate("ノルウェイ", to: 5) == "ノル…")
        #expect(CharacterWidth.pad("ab", to: 4) == "ab  ")
        #expect(CharacterWidth.truncate("abcdef", to: 4, ellipsis: "~") == "abc~")
        #expect(CharacterWidth.pad("🚀x", to: 5) == "🚀x  ")
        #expect(CharacterWidth.truncate("👩‍💻👩‍💻👩‍💻", to: 5) == "👩‍💻👩‍💻…")
        #expect(CharacterWidth.pad("村上", to: 3) == "村…")
    }
}

/// What `TerminalText` makes of text before it reaches a terminal.
@Suite struct TerminalTextTests {
    @Test func controlCharactersAndEscapesBecomeVisible() {
        #expect(TerminalText.sanitize("\u{1B}[31mred\u{7}") == "\\u{1b}[31mred\\u{7}")
        #expect(TerminalText.sanitize("a\tb\nc\rd") == "a\\tb\\nc\\rd")
        #expect(TerminalText.sanitize("\u{9B}2J") == "\\u{9b}2J") // C1 CSI
    }

    @Test func printableTextIsUnchanged() {
        for text in ["Jane Austen", "村上春樹", "👩‍💻 🇯🇵", "e\u{301}", "a\\nb"] {
            #expect(TerminalText.sanitize(text) == text)
        }
        let once = TerminalText.sanitize("x\u{1B}y\n")
        #expect(TerminalText.sanitize(once) == once)
    }
}
