import Foundation
import Strata
import StrataText

/// How a side file a dry run's stage wrote is described: where it went, and that it is gone.
enum SideFileText {
    /// "wrote Application Support/x.json (in the dry run's temporary folder, removed afterwards)".
    static func line(_ path: String) -> String {
        "wrote \(path) (in the dry run's temporary folder, removed afterwards)"
    }
}

/// Prints one line per migration event, for logs and pipes where a redrawn bar would be noise.
enum EventLog {
    /// "stage 1/2 1.0.0 -> 2.0.0: started, 1000 rows", "1.0.0 -> 2.0.0: step rebuild Book (12-step)", ...
    static func line(for event: MigrationEvent) -> String {
        switch event {
        case .stageStarted(let index, let count, let stage, let totalRows):
            // A stage that copies and saves nothing row by row (a rename in place) has no total to announce.
            "stage \(index + 1)/\(count) \(stage): started" + (totalRows > 0 ? ", \(totalRows) rows" : "")
        case .step(let stage, let summary):
            "\(stage): step \(TerminalText.sanitize(summary))"
        case .progress(let stage, let rowsDone, let totalRows):
            "\(stage): \(rowsDone)/\(totalRows) rows"
        case .warning(let stage, let message):
            "\(stage): warning: \(TerminalText.multiline(message))"
        case .stageFinished(let stage, let duration, let rows):
            "\(stage): finished, \(CountText.rowWrites(rows)) in \(String(format: "%.2f", duration))s"
        case .stageFailed(let stage, let failure):
            "\(stage): failed: \(TerminalText.multiline(failure.description))"
        case .output(let stage, let line):
            "\(stage): output: \(TerminalText.sanitize(line))"
        case .sideFile(let stage, let path):
            "\(stage): \(SideFileText.line(TerminalText.sanitize(path)))"
        }
    }
}
