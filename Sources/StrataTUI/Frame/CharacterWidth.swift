/// Display width of text in terminal columns, from a small table in this module rather than the C library's
/// `wcwidth`, so frames measure the same in tests and terminals: East Asian wide and fullwidth ranges and
/// emoji take 2 columns, combining marks and format characters 0, everything else 1.
public enum CharacterWidth {
    /// Columns taken by one grapheme cluster (the widest of its scalars).
    public static func of(_ character: Character) -> Int {
        character.unicodeScalars.map(of).max() ?? 0
    }

    /// Columns taken by one scalar.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.value == 0x200D { return 0 }
        if wideRanges.contains(where: { $0.contains(scalar.value) }) { return 2 }
        return 1
    }

    /// Columns taken by a string.
    public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

    /// Scalars drawn two columns wide (Unicode East Asian Width W and F, and emoji presentation blocks).
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The text cut to at most `width` columns, ending in `ellipsis` when something was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
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
    public static func pad(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        let cut = truncate(text, to: width, ellipsis: ellipsis)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }
}
