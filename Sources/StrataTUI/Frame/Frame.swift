import Foundation
import Strata
import StrataText

/// A grid of cells: what one screen shows, rendered from the state and drawn by the terminal layer.
package struct Frame: Sendable, Equatable {
    /// Columns.
    package let width: Int
    /// Rows.
    package let height: Int
    /// The cells, row by row.
    package private(set) var cells: [Cell]

    /// A blank frame.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a column and row.
    package subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes text from (x, y), no further than `limit` columns (the frame's edge by default), sanitized of
    /// control characters; returns the columns written.
    @discardableResult
    package mutating func put(_ text: String, x: Int, y: Int, limit: Int? = nil, role: Role = .plain, style: Style = [])
        -> Int
    {
        guard y >= 0, y < height, x < width else { return 0 }
        let end = min(width, x + (limit ?? width))
        // Printable ASCII (most of what the UI shows) is one cell per byte, without breaking it into clusters.
        if text.utf8.allSatisfy(CharacterWidth.isPrintableASCII) {
            let written = max(0, min(text.utf8.count, end - x))
            for (offset, byte) in text.utf8.prefix(written).enumerated() where x + offset >= 0 {
                self[x + offset, y] = Cell(text: String(UnicodeScalar(byte)), role: role, style: style)
            }
            return written
        }
        // So are a frame's borders, dots and arrows and accented letters: one cell per scalar, no clusters to find.
        if CharacterWidth.oneColumnScalars(text) != nil {
            var column = x
            for scalar in text.unicodeScalars {
                guard column < end else { break }
                if column >= 0 { self[column, y] = Cell(text: String(scalar), role: role, style: style) }
                column += 1
            }
            return column - x
        }
        var column = x
        for character in TerminalText.sanitize(text) {
            let columns = CharacterWidth.of(character)
            if columns == 0 {
                if column > x, column - 1 >= 0 { self[column - 1, y].text.append(character) }
                continue
            }
            guard column + columns <= end else { break }
            if column >= 0 {
                self[column, y] = Cell(text: String(character), role: role, style: style)
                if columns == 2 { self[column + 1, y] = Cell(text: "", role: role, style: style) }
            }
            column += columns
        }
        return column - x
    }

    /// Sets the role and style of every cell in a rectangle, filling it with spaces.
    package mutating func fill(_ rect: Rect, role: Role = .plain, style: Style = []) {
        for row in rect.y..<min(height, rect.y + rect.height) where row >= 0 {
            for column in rect.x..<min(width, rect.x + rect.width) where column >= 0 {
                self[column, row] = Cell(text: " ", role: role, style: style)
            }
        }
    }

    /// Changes the role and style of the cells of one row span, keeping their text.
    package mutating func highlight(x: Int, y: Int, width span: Int, role: Role, style: Style) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(width, x + span) {
            self[column, y].role = role
            self[column, y].style = style
        }
    }

    /// Draws a border around a rectangle with a title in its top edge.
    package mutating func box(_ rect: Rect, title: String, focused: Bool, glyphs: Glyphs) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let role: Role = focused ? .focusedBorder : .border
        let style: Style = focused ? .bold : []
        let right = rect.x + rect.width - 1
        let bottom = rect.y + rect.height - 1
        // Each edge's glyph is measured and made a cell once (by `put`, on a frame of one cell), then copied along.
        if let horizontal = Self.cell(glyphs.horizontal, role: role, style: style) {
            for column in stride(from: max(0, rect.x), through: min(width - 1, right), by: 1) {
                if rect.y >= 0, rect.y < height { self[column, rect.y] = horizontal }
                if bottom >= 0, bottom < height { self[column, bottom] = horizontal }
            }
        }
        if let vertical = Self.cell(glyphs.vertical, role: role, style: style) {
            for row in stride(from: max(0, rect.y), through: min(height - 1, bottom), by: 1) {
                if rect.x >= 0, rect.x < width { self[rect.x, row] = vertical }
                if right >= 0, right < width { self[right, row] = vertical }
            }
        }
        put(glyphs.topLeft, x: rect.x, y: rect.y, limit: 1, role: role, style: style)
        put(glyphs.topRight, x: right, y: rect.y, limit: 1, role: role, style: style)
        put(glyphs.bottomLeft, x: rect.x, y: bottom, limit: 1, role: role, style: style)
        put(glyphs.bottomRight, x: right, y: bottom, limit: 1, role: role, style: style)
        let label = CharacterWidth.truncate(" \(title) ", to: rect.width - 4, ellipsis: glyphs.ellipsis)
        put(
            label, x: rect.x + 2, y: rect.y, limit: rect.width - 4, role: focused ? .focusedBorder : .title,
            style: .bold)
    }

    /// The cell `put` writes for a one-column text, nil for text of another width.
    private static func cell(_ text: String, role: Role, style: Style) -> Cell? {
        var probe = Frame(width: 1, height: 1)
        return probe.put(text, x: 0, y: 0, limit: 1, role: role, style: style) == 1 ? probe[0, 0] : nil
    }

    /// The one-column symbols of the UI's own texts and their ASCII stand-ins, for `--ascii`.
    static let asciiSymbols: [String: String] = [
        "·": "-", "–": "-", "—": "-", "…": "~", "→": ">", "↓": "v", "↑": "^", "←": "<",
    ]

    /// Replaces the UI's one-column symbols (separators, dashes, ellipses, arrows) with ASCII, and every other
    /// character outside ASCII (from data) with its letter without accents ("García" as "Garcia") or `?`, one per
    /// column it takes, so that an ASCII-only terminal drops nothing and columns stay aligned.
    package mutating func replaceSymbolsWithASCII() {
        for index in cells.indices {
            let text = cells[index].text
            if let plain = Self.asciiSymbols[text] {
                cells[index].text = plain
            } else if text.isEmpty {
                cells[index].text = "?"
            } else if !text.unicodeScalars.allSatisfy(\.isASCII) {
                cells[index].text = Self.transliterate(text)
            }
        }
    }

    /// Letters whose accent is no combining mark, so folding keeps them.
    static let asciiLetters: [String: String] = [
        "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "s", "æ": "a", "Æ": "A", "œ": "o", "Œ": "O",
        "ı": "i", "þ": "t", "Þ": "T", "ð": "d", "Ð": "D",
    ]

    /// One character as one ASCII character: its base letter without accents, or `?`.
    static func transliterate(_ text: String) -> String {
        if let letter = asciiLetters[text] { return letter }
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        guard let first = folded.unicodeScalars.first, first.isASCII, !first.properties.isWhitespace || first == " "
        else { return "?" }
        return String(first)
    }

    /// The frame with every role replaced by its monochrome attributes.
    package var monochrome: Frame {
        var copy = self
        copy.cells = cells.map { Cell(text: $0.text, role: .plain, style: $0.style.union($0.role.monochromeStyle)) }
        return copy
    }

    /// The characters, one line per row, trailing spaces removed.
    package var text: String {
        var text = ""
        text.reserveCapacity(cells.count + height)
        for row in 0..<height {
            if row > 0 { text.append("\n") }
            let start = row * width
            // A continuation cell adds no text, so a wide character's second column ends no line.
            var end = start + width
            while end > start, cells[end - 1].text == " " || cells[end - 1].isContinuation { end -= 1 }
            for index in start..<end { text.append(cells[index].text) }
        }
        return text
    }

    /// One role code per column, one line per row.
    package var roleMap: String { lines { String($0.role.rawValue) }.joined(separator: "\n") }

    /// One style code per column, one line per row.
    package var styleMap: String { lines { String($0.style.code) }.joined(separator: "\n") }

    /// Each row's cells mapped to text and joined (wide characters keep their two columns in the text).
    private func lines(_ transform: (Cell) -> String) -> [String] {
        (0..<height).map { row in (0..<width).map { transform(self[$0, row]) }.joined() }
    }
}
