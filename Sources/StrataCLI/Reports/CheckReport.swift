import Strata
import StrataText

/// What `strata check` reports, shape `strata.check/1`:
/// `{"format", "plan", "valid", "problems": [String], "versions": [{"version", "fingerprint", "entities": [String]}], "stages": [stage]}`.
struct CheckReport: Encodable {
    /// One version of the plan.
    struct Version: Encodable {
        let version: String
        let fingerprint: String
        let entities: [String]
    }

    let format = "strata.check/1"
    /// The plan's name on the command line.
    let plan: String
    /// True when the plan has no problems.
    let valid: Bool
    /// Every problem found (duplicate versions, identical schemas, unknown versions, impossible lightweight stages).
    let problems: [String]
    /// The plan's versions in order.
    let versions: [Version]
    /// The plan's stages with their changes and steps.
    let stages: [StageEntry]

    /// The report of a plan checked, known as `name`.
    init(name: String, checked: (ValidatedPlan, problems: [String])) {
        let (checked, problems) = checked
        plan = name
        valid = problems.isEmpty
        self.problems = problems
        versions = checked.schemas.map {
            Version(
                version: $0.version?.description ?? "unversioned", fingerprint: $0.fingerprint,
                entities: $0.entities.map(\.name))
        }
        stages = checked.stages.enumerated().map { StageEntry($1, index: $0 + 1) }
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        var lines = [
            style.bold(
                "Plan \(plan): \(versions.count) version\(versions.count == 1 ? "" : "s"), \(stages.count) stage\(stages.count == 1 ? "" : "s")"
            )
        ]
        lines += versions.map {
            "  \($0.version)  \($0.entities.joined(separator: ", "))  (fingerprint \($0.fingerprint.prefix(8)))"
        }
        lines.append("")
        for stage in stages {
            lines += stage.textLines(style: style, sql: false).map { "  " + $0 }
        }
        lines.append("")
        if valid {
            lines.append(style.green("OK: the plan is valid."))
        } else {
            lines.append(style.red("The plan has \(problems.count) problem\(problems.count == 1 ? "" : "s"):"))
            lines += problems.map { "  - \(TerminalText.sanitize($0))" }
        }
        return lines
    }
}
