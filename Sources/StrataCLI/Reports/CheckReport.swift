import Strata
import StrataSources
import StrataText

/// What `strata check` reports, shape `strata.check/1`:
/// `{"format", "plan", "valid", "problems": [String], "versions": [{"version", "fingerprint", "entities": [String]}], "stages": [stage]}`,
/// and with `--sources` or `--model` the lint's `"diagnostics": [{"file", "line", "column", "severity", "message"}]`
/// (with `--model`, also `"coreData"`: see `ModelBundleReport`).
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
    /// The lint's findings at their places in the sources (with `--sources` or `--model`).
    let diagnostics: [DiagnosticEntry]?
    /// With `--model`: the Core Data model's versions, order and steps.
    var coreData: ModelBundleReport? = nil

    /// The report of a plan checked, known as `name`; with `lint` (a plan read from sources) its findings replace
    /// the problems, the errors among them making the plan invalid.
    init(name: String, checked: (ValidatedPlan, problems: [String]), lint: [SourceProblem]? = nil) {
        let (checked, problems) = checked
        plan = name
        self.problems = lint.map { $0.filter { $0.severity == "error" }.map(\.message) } ?? problems
        valid = self.problems.isEmpty
        diagnostics = lint?.map(DiagnosticEntry.init)
        versions = checked.schemas.map {
            Version(
                version: $0.version?.description ?? "unversioned", fingerprint: $0.fingerprint,
                entities: $0.entities.map(\.name))
        }
        stages = checked.stages.enumerated().map { StageEntry($1, index: $0 + 1) }
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        var lines = coreData?.textLines(style: style) ?? []
        lines += [
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
        if let diagnostics {
            lines += diagnostics.map {
                TerminalText.sanitize("\($0.file):\($0.line):\($0.column): \($0.severity): \($0.message)")
            }
            let warnings = diagnostics.count - problems.count
            let counted =
                "\(problems.count) error\(problems.count == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            lines.append(
                valid ? style.green("OK: the plan is valid (\(counted)).") : style.red("The plan has \(counted)."))
        } else if valid {
            lines.append(style.green("OK: the plan is valid."))
        } else {
            lines.append(style.red("The plan has \(problems.count) problem\(problems.count == 1 ? "" : "s"):"))
            lines += problems.map { "  - \(TerminalText.sanitize($0))" }
        }
        return lines
    }
}
