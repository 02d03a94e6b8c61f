import Foundation
import StrataText

/// Boxes drawn over the panes: the key help, long texts, the quit question and confirmations.
enum OverlayView {
    /// Lines an overlay shows at once (the terminal less the box and a margin).
    static func pageHeight(_ state: AppState) -> Int { max(1, state.height - 4) }

    /// The lines of the `?` overlay: two columns of groups side by side, or one column when narrow.
    static func helpLines(_ state: AppState) -> [Line] {
        let columns = KeyHelp.all.map { groups in
            groups.enumerated().flatMap { number, group -> [Line] in
                var lines = number == 0 ? [] : [Line()]
                lines.append(Line(group.group, .heading, [.bold, .underline]))
                for (key, meaning) in group.keys {
                    let shown =
                        state.options.ascii
                        ? key.replacingOccurrences(of: " ↓ ↑", with: "").replacingOccurrences(of: " ← →", with: "")
                        : key
                    lines.append(Line("  " + CharacterWidth.pad(shown, to: 12), .key, .bold).with(meaning))
                }
                return lines
            }
        }
        let columnWidth = 36
        var lines: [Line]
        if state.width >= columnWidth * 2 + 6, let left = columns.first, let right = columns.last {
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
        lines.append(Line("j/k and PgUp/PgDn scroll; any other key closes this help.", .dim))
        return lines
    }

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
        let stage = state.progress.map { " (\($0.stage.label(state.options)))" } ?? ""
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
