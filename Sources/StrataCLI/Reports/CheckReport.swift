import Strata
import StrataSources
import StrataText

/// What `strata check` reports, shape `strata.check/1`:
/// `{"format", "plan", "valid", "problems": [String], "versions": [{"version", "fingerprint", "entities": [String]}], "stages": [stage]}`,
/// and with `--sources` or `--model` the lint's `"diagnostics": [{"file", "line", "column", "severity", "message"}]`;
/// with `--sources` the files read, `"sources"` (see `SourceFilesEntry`); at the compiled level, `"compiled"`: what was
/// changed in the app's code to build it (see `CompiledAdaptations`); with `--model`, `"coreData"` (see
/// `ModelBundleReport`); with `--upgrades`, `"upgradeTarget"`, `"upgradeRows"` and `"upgrades": [path]`
/// (``UpgradePathEntry``); for an app syncing through CloudKit, `"cloudKit": [String]`, what shows it.
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
    /// What the compiled level changed in the app's code, when this `strata` was built from an app's sources.
    let compiled: CompiledAdaptations? = CommandLineSetup.current.compiledAdaptations
    /// Which files of the sources were read and why others were not (with `--sources` only).
    var sources: SourceFilesEntry? = nil
    /// With `--model`: the Core Data model's versions, order and steps.
    var coreData: ModelBundleReport? = nil
    /// With `--upgrades`: each older version's path to the newest, tried on a sample store.
    var upgrades: [UpgradePathEntry]?
    /// With `--upgrades`: the version the paths lead to.
    var upgradeTarget: String?
    /// With `--upgrades`: rows generated per entity in each sample store.
    var upgradeRows: Int?
    /// What shows the app syncs through CloudKit (its rules are linted then), or `--cloudkit`.
    var cloudKit: [String]?

    /// The report of a plan checked, known as `name`; with `lint` (a plan read from sources) its findings replace
    /// the problems, the errors among them making the plan invalid, every stage the `source` declares is listed
    /// (those the plan cannot hold marked invalid), and the `files` read are named.
    init(
        name: String, checked: (ValidatedPlan, problems: [String]), lint: [SourceProblem]? = nil,
        source: SourcePlan? = nil, files: CompiledFiles? = nil
    ) {
        let (checked, problems) = checked
        plan = name
        self.problems = lint.map { $0.filter { $0.severity == "error" }.map(\.message) } ?? problems
        valid = self.problems.isEmpty
        diagnostics = lint?.map(DiagnosticEntry.init)
        sources = files.map(SourceFilesEntry.init)
        versions = checked.schemas.map {
            Version(
                version: $0.version.label, fingerprint: $0.fingerprint,
                entities: $0.entities.map(\.name))
        }
        stages = source.map(Self.declaredStages) ?? checked.stages.enumerated().map { StageEntry($1, index: $0 + 1) }
    }

    /// Every stage the sources declare, in order: planned ones as the plan holds them, the others with the reason.
    private static func declaredStages(of source: SourcePlan) -> [StageEntry] {
        let (validated, problems) = source.diagnose()
        var planned = validated.stages.makeIterator()
        return source.stages.enumerated().map { index, stage in
            let reasons = problems.filter { $0.subject == .stage(index) && !$0.failsOnlyWhenRun }
            guard reasons.isEmpty, let next = planned.next() else {
                return StageEntry(
                    invalid: stage.declaration, index: index + 1,
                    reason: reasons.map(\.description).joined(separator: "; "))
            }
            return StageEntry(next, index: index + 1)
        }
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
        if let sources { lines += [TerminalText.sanitize("Sources: \(sources.summary)"), ""] }
        if let cloudKit {
            lines += [
                TerminalText.sanitize("CloudKit sync (its rules are linted): \(cloudKit.joined(separator: "; "))"), "",
            ]
        }
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
        return lines + upgradeLines(style: style)
    }

    /// The `--upgrades` matrix: per starting version its outcome and, per entity, kept/changed/inserted/deleted.
    private func upgradeLines(style: TextStyle) -> [String] {
        guard let upgrades, let upgradeTarget else { return [] }
        let entities = upgrades.flatMap { $0.entities.map(\.entity) }.reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        let table = TextTable(
            header: ["from", "outcome"] + entities,
            rows: upgrades.map { path in
                [path.from, path.outcomeText]
                    + entities.map { name in
                        path.entities.first { $0.entity == name }.map {
                            "\($0.kept)/\($0.changed)/\($0.inserted)/\($0.deleted)"
                        } ?? "-"
                    }
            })
        var lines = [
            "",
            style.bold(
                "Upgrade paths to \(upgradeTarget), \(upgradeRows ?? 0) sample rows per entity (kept/changed/inserted/deleted):"
            ),
        ]
        lines += table.lines(style: style).map { "  " + $0 }
        for path in upgrades where path.outcome != .reached {
            let text = TerminalText.lines("\(path.from): \(path.outcomeText): \(path.message ?? "")")
            lines += text.enumerated().map { ($0.offset == 0 ? "" : "  ") + $0.element }.map {
                path.outcome == .failed ? style.red($0) : style.yellow($0)
            }
        }
        let failed = upgrades.filter { $0.outcome == .failed }.count
        lines.append(
            failed == 0
                ? style.green("Every path reached \(upgradeTarget) or stopped only where code could not run.")
                : style.red("\(failed) of \(upgrades.count) upgrade path\(upgrades.count == 1 ? "" : "s") failed."))
        return lines
    }
}
