/// Display width of text in terminal columns, the same in tests and terminals (no C library `wcwidth`), measured
/// per grapheme cluster: emoji presentation (flags, skin tones, ZWJ sequences, keycaps, `U+FE0F`) and East Asian
/// wide and fullwidth characters take 2 columns, combining marks and format characters 0, everything else 1.
///
/// Text is measured as ``TerminalText/sanitize(_:)`` prints it (a control character takes the columns of its
/// visible escape), so raw and sanitized text measure the same.
package enum CharacterWidth {
    /// Columns taken by one grapheme cluster.
    package static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue, isPrintableASCII(ascii) { return 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if TerminalText.isControl(first) {
            return scalars.reduce(0) { $0 + (TerminalText.escape($1)?.count ?? of($1)) }
        }
        if first.properties.isEmoji, scalars.count > 1 {
            if scalars.contains("\u{FE0F}") { return 2 } // emoji presentation selector: 1️⃣, ❤️
            if scalars.contains("\u{FE0E}") { return 1 } // text presentation selector: ☕︎
        }
        return of(first)
    }

    /// Columns taken by one scalar on its own (the first of a cluster decides the cluster's width).
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        measured(scalar).map(Int.init) ?? measure(scalar)
    }

    /// The columns of a scalar in `measuredBlocks`, nil for one outside them.
    private static func measured(_ scalar: Unicode.Scalar) -> UInt8? {
        for block in measuredBlocks where block.range.contains(scalar.value) {
            return block.columns[Int(scalar.value - block.range.lowerBound)]
        }
        return nil
    }

    /// The scalars the UI's own symbols and most accented text come from (Latin-1 to the combining marks; general
    /// punctuation to geometric shapes: arrows, box drawing, dots and dashes), each measured once by `measure`:
    /// looking a scalar's properties up costs about a thousand instructions, and a frame measures over a thousand.
    private static let measuredBlocks: [(range: Range<UInt32>, columns: [UInt8])] = [0xA0..<0x370, 0x2000..<0x2600]
        .map { range in (range, range.map { UInt8(Unicode.Scalar($0).map(measure) ?? 1) }) }

    /// Columns taken by one scalar, from its Unicode properties.
    private static func measure(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        if properties.isEmojiPresentation { return 2 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(scalar.value) ? 2 : 1
    }

    /// Columns taken by a string (one per byte when every byte is printable ASCII, the commonest text).
    package static func of(_ text: String) -> Int {
        text.utf8.allSatisfy(isPrintableASCII)
            ? text.utf8.count : oneColumnScalars(text) ?? text.reduce(0) { $0 + of($1) }
    }

    /// The number of scalars of a text whose every scalar is printable ASCII or one column in `measuredBlocks`
    /// (a frame's borders, dots, arrows and accented letters), nil for any other text. Each such scalar is a
    /// cluster of its own (the blocks' marks and joiners measure 0, and none of them joins the next), so the
    /// count is the columns, found without breaking the text into clusters.
    package static func oneColumnScalars(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            let oneColumn =
                scalar.isASCII ? isPrintableASCII(UInt8(truncatingIfNeeded: scalar.value)) : measured(scalar) == 1
            guard oneColumn else { return nil }
            count += 1
        }
        return count
    }

    /// True for a byte that is a printable ASCII character on its own: one column, never part of a wider cluster
    /// but for combining marks after it (which are not ASCII).
    package static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// True for East Asian Wide (W) and Fullwidth (F) scalars that are not emoji presentation (those are found
    /// through `Unicode.Scalar.Properties.isEmojiPresentation`): EastAsianWidth.txt of Unicode 15.0, its ranges
    /// merged across unassigned code points.
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        return wideRanges.contains { $0.contains(value) }
    }

    /// The W and F ranges of EastAsianWidth-15.0.0.txt less Emoji_Presentation, merged across unassigned code points.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6,
        0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F200...0x1F265, 0x20000...0x3FFFD,
    ]

    /// The text cut to at most `width` columns, ending in `ellipsis` when something was cut.
    package static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        let room = width - of(ellipsis)
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > room { break }
            result.append(character)
            used += columns
        }
        return room >= 0 ? result + ellipsis : result
    }

    /// The text padded with spaces (or cut) to exactly `width` columns.
    package static func pad(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        let cut = truncate(text, to: width, ellipsis: ellipsis)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }
}
