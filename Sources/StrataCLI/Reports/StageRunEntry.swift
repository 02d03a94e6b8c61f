import Foundation
import Strata
import StrataText

/// A stage that ran (or, in a dry run, ran on the copy): `{"index", "title", "from", "to", "kind", "status"
/// ("succeeded" or "failed"), "rows", "durationSeconds", "changes": [change], "findings": [finding], "failure"?,
/// "failureKind"? (the failure's stable kind, ``MigrationFailure/kind``: "stage-closure-failed", "validation-failed"…),
/// "output"?: [line] (what its closures printed and logged), "sideFiles"?: [path] (what a dry run's stage wrote in
/// its stand-in Application Support, Documents, Caches or group folders, removed afterwards)}`.
/// With `--rows`, "rows" is the array of row changes per entity (``RowChangesEntry``) and the count of rows copied
/// moves to "rowsCopied".
struct StageRunEntry: Encodable {
    let index: Int
    let title: String
    let from: String
    let to: String
    let kind: String
    let status: String
    let rows: Int
    let durationSeconds: Double
    let changes: [ChangeEntry]
    let findings: [FindingEntry]
    let failure: String?
    let failureKind: String?
    let output: [String]?
    let sideFiles: [String]?
    /// What the stage did to each entity's rows, when they were recorded (`--rows`).
    var rowChanges: [RowChangesEntry]?

    /// The entry of a stage that committed with `report`, having printed `output` and written `sideFiles`;
    /// `recordedRows` when its row changes were recorded.
    init(
        _ stage: PlannedStage, index: Int, report: StageReport, output: [String], sideFiles: [String],
        recordedRows: Bool = false
    ) {
        self.init(
            stage, index: index, rows: report.rows, duration: report.duration, findings: report.findings,
            failure: report.failure, output: output, sideFiles: sideFiles)
        if recordedRows { rowChanges = report.rowChanges.map(RowChangesEntry.init) }
    }

    /// The entry of `stage` at `index` (1-based) with its outcome, what it printed and the side files it wrote.
    init(
        _ stage: PlannedStage, index: Int, rows: Int, duration: TimeInterval, findings: [DataFinding],
        failure: MigrationFailure?,
        output: [String] = [], sideFiles: [String] = []
    ) {
        self.index = index
        title = stage.title
        from = stage.from.version.label
        to = stage.to.version.label
        kind = stage.kind.rawValue
        status = failure == nil ? "succeeded" : "failed"
        self.rows = rows
        durationSeconds = duration
        changes = stage.diff.changes.map { ChangeEntry($0, inCustomStage: stage.kind == .custom) }
        self.findings = findings.map(FindingEntry.init)
        self.failure = failure?.description
        failureKind = failure?.kind
        self.output = output.isEmpty ? nil : output
        self.sideFiles = sideFiles.isEmpty ? nil : sideFiles
    }

    /// "1. lightweight 1.0.0 -> 2.0.0: succeeded, 1000 row writes in 0.05s", then its findings and failure.
    func textLines(style: TextStyle) -> [String] {
        let outcome = failure == nil ? style.green("succeeded") : style.red("failed")
        var lines = [
            "\(index). \(kind) \(title): \(outcome), \(CountText.rowWrites(rows)) in \(String(format: "%.2f", durationSeconds))s"
        ]
        // A custom stage that succeeded filled, removed or converted what its data lacked (the stage's validation
        // passed): those findings are what its code handled, not problems; a loss stays one (issue 44, item 9).
        let handled = failure == nil && kind == "custom" ? findings.filter { !$0.isLoss } : []
        let problems = findings.filter { finding in !handled.contains { $0.description == finding.description } }
        if !problems.isEmpty {
            lines.append("   in the data before the stage:")
            lines += problems.map { "     " + $0.textLine(style: style) }
        }
        if !handled.isEmpty {
            lines.append("   handled by the stage's code (in the data before it; the stage's checks passed after it):")
            lines += handled.map { "     " + $0.handledLine }
        }
        if let output {
            lines.append("   output:")
            lines += output.map { "     | " + TerminalText.sanitize($0) }
        }
        if let sideFiles {
            lines += sideFiles.map { "   " + SideFileText.line(TerminalText.sanitize($0)) }
        }
        if let rowChanges {
            lines += rowChanges.flatMap { $0.textLines(style: style) }.map { "   " + $0 }
        }
        if let failure {
            lines += TerminalText.lines(failure).filter { !$0.isEmpty }.map { "   " + style.red($0) }
        }
        return lines
    }

    private enum CodingKeys: String, CodingKey {
        case index, title, from, to, kind, status, rows, rowsCopied, durationSeconds, changes, findings, failure,
            failureKind, output, sideFiles
    }

    /// The documented shape; "rows" holds the row changes when they were recorded.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(title, forKey: .title)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(kind, forKey: .kind)
        try container.encode(status, forKey: .status)
        if let rowChanges {
            try container.encode(rowChanges, forKey: .rows)
            try container.encode(rows, forKey: .rowsCopied)
        } else {
            try container.encode(rows, forKey: .rows)
        }
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(changes, forKey: .changes)
        try container.encode(findings, forKey: .findings)
        try container.encodeIfPresent(failure, forKey: .failure)
        try container.encodeIfPresent(failureKind, forKey: .failureKind)
        try container.encodeIfPresent(output, forKey: .output)
        try container.encodeIfPresent(sideFiles, forKey: .sideFiles)
    }
}
