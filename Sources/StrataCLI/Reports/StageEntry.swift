import Strata
import StrataText

/// A planned stage in reports: `{"index", "title", "from", "to", "kind", "changes": [change], "steps": [step],
/// "findings"?: [finding]}` (findings only where a store was read for them).
struct StageEntry: Encodable {
    /// 1-based position on the path.
    let index: Int
    /// "1.0.0 -> 2.0.0".
    let title: String
    /// The version before the stage.
    let from: String
    /// The version after the stage.
    let to: String
    /// "lightweight", "custom" or "inferred".
    let kind: String
    /// The changes it makes.
    let changes: [ChangeEntry]
    /// The steps and SQL it runs.
    let steps: [StepEntry]
    /// What it would do to the store's data (values dropped, rows lacking a value, duplicates), when counted.
    let findings: [FindingEntry]?

    /// The entry of a planned stage at `index` (1-based), with the findings counted in a store, if any.
    init(_ stage: PlannedStage, index: Int, findings: [DataFinding]? = nil) {
        self.index = index
        title = stage.title
        from = stage.from.version?.description ?? "unversioned"
        to = stage.to.version?.description ?? "unversioned"
        kind = stage.kind.rawValue
        changes = stage.diff.changes.map(ChangeEntry.init)
        steps = stage.steps.map(StepEntry.init)
        self.findings = findings?.map(FindingEntry.init)
    }

    /// "2 changes: 1 lightweight, 1 custom".
    var changeSummary: String {
        ChangeCounts(changes).text
    }

    /// The stage as indented lines: heading, changes, steps (with their SQL when `sql` is true).
    func textLines(style: TextStyle, sql: Bool) -> [String] {
        var lines = [style.bold("\(index). \(kind) \(title)") + "  (\(changeSummary))"]
        lines += changes.flatMap { $0.textLines(style: style) }.map { "   " + $0 }
        if let findings, !findings.isEmpty {
            lines.append("   in the store:")
            lines += findings.map { "     " + $0.textLine(style: style) }
        }
        if !steps.isEmpty {
            lines.append("   steps:")
            for step in steps {
                lines.append(
                    "     - \(TerminalText.sanitize(step.summary))\(step.phase == "finish" ? " (after didMigrate)" : "")"
                )
                if sql { lines += step.sql.map { "         " + style.dim(TerminalText.sanitize($0)) } }
            }
        }
        return lines
    }
}
