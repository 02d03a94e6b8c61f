import Foundation
import Strata
import StrataText

/// Draws one progress bar per stage on a terminal, redrawn in place as events arrive.
final class ProgressBar {
    private let style: TextStyle
    private let width: Int
    private var heading = ""
    private var step = ""
    private var done = 0
    private var total = 0
    private let write: (String) -> Void

    /// A bar `width` cells wide that writes through `write` (standard output by default).
    init(style: TextStyle, width: Int = 30, write: @escaping (String) -> Void = Console.outRaw) {
        self.style = style
        self.width = width
        self.write = write
    }

    /// Updates the bar for one event.
    func handle(_ event: MigrationEvent) {
        switch event {
        case .stageStarted(let index, let count, let stage, let totalRows):
            heading = "[\(index + 1)/\(count)] \(stage)"
            (step, done, total) = ("", 0, totalRows)
            redraw()
        case .step(_, let summary):
            step = TerminalText.sanitize(summary)
            redraw()
        case .progress(_, let rowsDone, let totalRows):
            (done, total) = (rowsDone, totalRows)
            redraw()
        case .warning(_, let message):
            write("\r\u{1B}[K" + style.yellow("warning: ") + TerminalText.sanitize(message) + "\n")
            redraw()
        case .output(_, let line):
            write("\r\u{1B}[K" + TerminalText.sanitize(line) + "\n")
            redraw()
        case .sideFile(_, let path):
            write("\r\u{1B}[K" + SideFileText.line(TerminalText.sanitize(path)) + "\n")
            redraw()
        case .stageFinished(_, let duration, let rows):
            (step, done, total) = (
                "done, \(CountText.rowWrites(rows)) in \(String(format: "%.2f", duration))s", max(total, 1),
                max(total, 1)
            )
            redraw()
            write("\n")
        case .stageFailed(_, let failure):
            let message = failure.description
            step = style.red(
                "failed: " + TerminalText.sanitize(message.split(separator: "\n").first.map(String.init) ?? message))
            redraw()
            write("\n")
        }
    }

    /// "[1/2] 1.0.0 -> 2.0.0 [#######-------]  50% rebuild Book".
    func line() -> String {
        let fraction = total > 0 ? min(Double(done) / Double(total), 1) : 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\(heading) \(bar) \(String(format: "%3d%%", Int(fraction * 100))) \(step)"
    }

    private func redraw() { write("\r\u{1B}[K" + line()) }
}
