import Strata
import StrataText

/// A planned stage in reports: `{"index", "title", "from", "to", "kind", "changes": [change], "steps": [step],
/// "findings"?: [finding], "invalid"?: reason}` (findings only where a store was read for them; invalid only for a
/// declared stage the plan cannot hold).
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
    /// Why the plan cannot hold the stage (it goes from a version to itself, names a version the plan does not list,
    /// repeats another), for a stage declared but left out of the plan.
    let invalid: String?

    /// The entry of a planned stage at `index` (1-based), with the findings counted in a store, if any.
    init(_ stage: PlannedStage, index: Int, findings: [DataFinding]? = nil) {
        self.index = index
        title = stage.title
        from = stage.from.version.label
        to = stage.to.version.label
        kind = stage.kind.rawValue
        changes = stage.diff.changes.map { ChangeEntry($0, inCustomStage: stage.kind == .custom) }
        steps = stage.steps.map(StepEntry.init)
        self.findings = findings?.map(FindingEntry.init)
        invalid = nil
    }

    /// The entry of a declared stage the plan cannot hold, at `index` (1-based among the declared stages).
    init(invalid declaration: ValidatedPlan.StageDeclaration, index: Int, reason: String) {
        self.index = index
        title = "\(declaration.from) -> \(declaration.to)"
        from = declaration.from.description
        to = declaration.to.description
        kind = declaration.kind.rawValue
        changes = []
        steps = []
        findings = nil
        invalid = reason
    }

    /// "2 changes: 1 lightweight, 1 custom".
    var changeSummary: String {
        ChangeCounts(changes).text
    }

    /// The stage as indented lines: heading, changes, steps (with their SQL when `sql` is true).
    func textLines(style: TextStyle, sql: Bool) -> [String] {
        if let invalid {
            return [
                style.bold("\(index). \(kind) \(title)") + "  "
                    + style.red("(invalid: \(TerminalText.sanitize(invalid)))")
            ]
        }
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
