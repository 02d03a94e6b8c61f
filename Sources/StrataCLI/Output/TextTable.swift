import StrataText

/// Lays out rows of cells in aligned columns for human output: cells are shown through `TerminalText`, measured
/// in terminal columns (`CharacterWidth`: CJK and emoji take two, combining marks none), and long ones are cut
/// with an ellipsis.
struct TextTable {
    /// The header cells.
    let header: [String]
    /// The body rows (each as many cells as the header).
    let rows: [[String]]
    /// The widest a column may be, in terminal columns; nil leaves every cell whole (output that is not a terminal
    /// has no width to fit, and a script reading it needs every value).
    var maximumColumnWidth: Int? = 40

    /// The table as lines: header, a rule, then the rows.
    func lines(style: TextStyle = TextStyle(enabled: false)) -> [String] {
        let cut = { (cell: String) in
            let shown = TerminalText.sanitize(cell)
            return maximumColumnWidth.map { CharacterWidth.truncate(shown, to: $0) } ?? shown
        }
        let body = rows.map { $0.map(cut) }
        let head = header.map(cut)
        let widths = head.indices.map { column in
            ([head[column]] + body.map { column < $0.count ? $0[column] : "" }).map { CharacterWidth.of($0) }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { index in
                index == cells.count - 1 ? cells[index] : CharacterWidth.pad(cells[index], to: widths[index])
            }.joined(separator: "  ")
        }
        return [style.bold(line(head)), line(widths.map { String(repeating: "-", count: $0) })] + body.map(line)
    }
}
