import Foundation
import StrataText

/// Boxes drawn over the panes: the key help, long texts, the quit question and confirmations.
enum OverlayView {
    /// Lines an overlay shows at once (the terminal less the box and a margin).
    static func pageHeight(_ state: AppState) -> Int { max(1, state.height - 4) }

    /// Columns between the two columns of the `?` overlay, and between a key and its meaning.
    static let helpGap = 3, keyGap = 2

    /// The lines of the `?` overlay: two columns of groups side by side when both fit the box, else one column.
    /// Each column is as wide as its widest line, its keys padded to its widest key.
    static func helpLines(_ state: AppState) -> [Line] {
        let columns = KeyHelp.all.map { helpColumn($0, ascii: state.options.ascii) }
        let widths = columns.map { $0.map(\.width).max() ?? 0 }
        var lines: [Line]
        if columns.count == 2, widths[0] + helpGap + widths[1] <= boxTextWidth(state) {
            let (left, right) = (columns[0], columns[1])
            lines = (0..<max(left.count, right.count)).map { row in
                guard row < right.count else { return left[row] }
                var line = row < left.count ? left[row] : Line()
                line = line.with(String(repeating: " ", count: widths[0] - line.width + helpGap))
                line.spans += right[row].spans
                return line
            }
        } else {
            lines = columns.flatMap { [Line()] + $0 }.dropFirst().map { $0 }
        }
        lines.append(Line())
        lines.append(Line("j/k and PgUp/PgDn scroll; any other key closes this help.", .dim))
        return lines
    }

    /// One column of the `?` overlay: each group's heading, then its keys padded to the column's widest key.
    private static func helpColumn(_ groups: [(group: String, keys: [(String, String)])], ascii: Bool) -> [Line] {
        let shown = { (key: String) in
            ascii ? key.replacingOccurrences(of: " ↓ ↑", with: "").replacingOccurrences(of: " ← →", with: "") : key
        }
        let keyWidth = groups.flatMap(\.keys).map { CharacterWidth.of(shown($0.0)) }.max() ?? 0
        return groups.enumerated().flatMap { number, group -> [Line] in
            var lines = number == 0 ? [] : [Line()]
            lines.append(Line(group.group, .heading, [.bold, .underline]))
            for (key, meaning) in group.keys {
                let padded = CharacterWidth.pad(shown(key), to: keyWidth + keyGap)
                lines.append(Line("  " + padded, .key, .bold).with(meaning))
            }
            return lines
        }
    }

    /// The widest line a box can show whole in this terminal (the frame less the box's edges and margins).
    static func boxTextWidth(_ state: AppState) -> Int { state.width - 6 }

    /// The `?` overlay, scrolled.
    static func drawHelp(_ state: AppState, scroll: Int, in frame: inout Frame) {
        drawBox(title: "Keys", lines: helpLines(state), scroll: scroll, state: state, in: &frame)
    }

    /// A text's paragraphs wrapped to the widest box the terminal allows.
    static func textLines(_ text: TextOverlay, state: AppState) -> [Line] {
        let width = max(10, min(100, state.width - 6))
        return text.paragraphs.enumerated().flatMap { number, paragraph in
            (number == 0 ? [] : [Line()]) + Line.wrap(paragraph, width: width).map { Line($0) }
        }
    }

    /// A long text, wrapped and scrolled.
    static func drawText(_ text: TextOverlay, state: AppState, in frame: inout Frame) {
        drawBox(title: text.title, lines: textLines(text, state: state), scroll: text.scroll, state: state, in: &frame)
    }

    /// `q` while a stage runs.
    static func drawQuitQuestion(_ state: AppState, in frame: inout Frame) {
        let stage = state.progress.map { " (\($0.stage.label(state.options.glyphs)))" } ?? ""
        let lines =
            Line.wrap(
                "A stage is running\(stage). Quitting cancels it: it rolls back, and the \(state.mode == .apply ? "store" : "copy") stays at its previous version.",
                width: max(10, min(70, state.width - 8))
            ).map { Line($0) }
            + [
                Line(),
                Line("q", .key, .bold).with(" or ").with("y", .key, .bold).with(": cancel and quit   ").with(
                    "Esc", .key, .bold
                ).with(": keep running"),
            ]
        drawBox(title: "Quit?", lines: lines, scroll: 0, state: state, in: &frame)
    }

    /// A confirmation naming the store and versions, with what has been typed.
    static func drawConfirmation(_ confirmation: Confirmation, state: AppState, in frame: inout Frame) {
        let width = max(10, min(100, state.width - 8))
        var lines = confirmation.lines.flatMap { Line.wrap($0, width: width).map { Line($0) } }
        lines.append(Line())
        lines.append(
            Line("Type ", .plain).with(confirmation.word, .key, .bold).with(" and Enter to confirm, Esc to cancel: "))
        lines.append(Line("> ", .key, .bold).with(confirmation.typed + "_", .plain, .bold))
        drawBox(title: "Confirm: this writes the store", lines: lines, scroll: 0, state: state, in: &frame)
    }

    /// A centred box sized to its lines (cut to the frame), from line `scroll`, with "more" markers in its
    /// bottom edge when lines are above or below.
    private static func drawBox(title: String, lines: [Line], scroll: Int, state: AppState, in frame: inout Frame) {
        let glyphs = state.options.glyphs
        let width = min(frame.width - 2, max(CharacterWidth.of(title) + 8, (lines.map(\.width).max() ?? 0) + 4))
        let height = min(frame.height - 2, lines.count + 2)
        let rect = Rect(
            x: (frame.width - width) / 2, y: max(0, (frame.height - height) / 2), width: width, height: height)
        frame.fill(rect)
        frame.box(rect, title: title, focused: true, glyphs: glyphs)
        let first = max(0, min(scroll, lines.count - rect.inner.height))
        for (row, line) in lines.dropFirst(first).prefix(rect.inner.height).enumerated() {
            line.draw(
                in: &frame, x: rect.inner.x + 1, y: rect.inner.y + row, limit: rect.inner.width - 2,
                ellipsis: glyphs.ellipsis)
        }
        if lines.count > rect.inner.height {
            Renderer.drawPosition(
                first: first, shown: rect.inner.height, count: lines.count, rect: rect, glyphs: glyphs, in: &frame)
        }
    }
}
