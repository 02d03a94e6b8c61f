import Foundation

/// Boxes drawn over the panes: the key help and confirmations.
enum OverlayView {
    /// The `?` overlay listing every key: two columns of groups side by side, or one column when narrow.
    static func drawHelp(_ state: AppState, in frame: inout Frame) {
        let columns = KeyHelp.all.map { groups in
            groups.enumerated().flatMap { number, group -> [Line] in
                var lines = number == 0 ? [] : [Line()]
                lines.append(Line(group.group, .heading, [.bold, .underline]))
                for (key, meaning) in group.keys {
                    let shown = state.options.ascii ? key.replacingOccurrences(of: " ↓ ↑", with: "").replacingOccurrences(of: " ← →", with: "") : key
                    lines.append(Line("  " + CharacterWidth.pad(shown, to: 12), .key, .bold).with(meaning))
                }
                return lines
            }
        }
        let columnWidth = 36
        var lines: [Line]
        if frame.width >= columnWidth * 2 + 6, let left = columns.first, let right = columns.last {
            lines = (0..<max(left.count, right.count)).map { row in
                var line = row < left.count ? left[row] : Line()
                line = line.with(String(repeating: " ", count: max(0, columnWidth - line.width)))
                if row < right.count { line.spans += right[row].spans }
                return line
            }
        } else {
            lines = columns.flatMap { [Line()] + $0 }.dropFirst().map { $0 }
        }
        lines.append(Line())
        lines.append(Line("Any key closes this help.", .dim))
        drawBox(title: "Keys", lines: lines, state: state, in: &frame)
    }

    /// A confirmation naming the store and versions, with what has been typed.
    static func drawConfirmation(_ confirmation: Confirmation, state: AppState, in frame: inout Frame) {
        var lines = confirmation.lines.map { Line($0) }
        lines.append(Line())
        lines.append(Line("Type ", .plain).with(confirmation.word, .key, .bold).with(" and Enter to confirm, Esc to cancel: ").with(confirmation.typed + "_", .plain, .bold))
        drawBox(title: "Confirm: this writes the store", lines: lines, state: state, in: &frame)
    }

    /// A centred box sized to its lines (cut to the frame).
    private static func drawBox(title: String, lines: [Line], state: AppState, in frame: inout Frame) {
        let glyphs = state.options.glyphs
        let width = min(frame.width - 2, max(CharacterWidth.of(title) + 8, (lines.map(\.width).max() ?? 0) + 4))
        let height = min(frame.height - 2, lines.count + 2)
        let rect = Rect(x: (frame.width - width) / 2, y: max(0, (frame.height - height) / 2), width: width, height: height)
        frame.fill(rect)
        frame.box(rect, title: title, focused: true, glyphs: glyphs)
        for (row, line) in lines.prefix(rect.inner.height).enumerated() {
            line.draw(in: &frame, x: rect.inner.x + 1, y: rect.inner.y + row, limit: rect.inner.width - 2, ellipsis: glyphs.ellipsis)
        }
    }
}
