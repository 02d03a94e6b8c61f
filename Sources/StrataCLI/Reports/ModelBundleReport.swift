import Strata
import StrataAppleStores
import StrataText

/// The Core Data part of `strata check --model` (`"coreData"` in `strata.check/1`): the versions with their names,
/// how their order and the current one were decided, the mapping models, and Core Data's verdict on each step of the
/// mode (`"mode": "single jump"` from every older version to the current one, or `"progressive"`).
struct ModelBundleReport: Encodable {
    /// One version.
    struct Version: Encodable {
        let version: String
        let name: String
        let current: Bool
    }

    /// One mapping model.
    struct Mapping: Encodable {
        let name: String
        let source: String
        let destination: String
        let entityMappings: [String]

        /// "  mapping model NAME: A -> B", then each entity mapping.
        func textLines() -> [String] {
            [
                "  mapping model \(TerminalText.sanitize(name)): \(TerminalText.sanitize(source)) -> \(TerminalText.sanitize(destination))"
            ] + entityMappings.map { "    \(TerminalText.sanitize($0))" }
        }
    }

    /// The mapping models of `bundle`.
    static func mappings(of bundle: ModelBundle) -> [Mapping] {
        bundle.mappingModels.map {
            Mapping(
                name: $0.name, source: $0.source, destination: $0.destination,
                entityMappings: $0.entityMappings.map(\.description))
        }
    }

    /// One change of a step with Core Data's verdict.
    struct Verdict: Encodable {
        /// "Task.notes added (…): inferred; fails with 134110 … when Task has rows (why)".
        var text: String {
            change + ": " + verdict + (dependsOnData.map { "; " + $0 } ?? "") + (explanation.map { " (\($0))" } ?? "")
        }

        let change: String
        /// "inferred" or "needs a mapping model".
        let verdict: String
        /// What the rows must satisfy (`"fails with 134110 … when Task has rows"`), when it depends on them.
        let dependsOnData: String?
        /// Core Data's error code when the rows fail the condition.
        let errorCode: Int?
        let explanation: String?
    }

    /// One step.
    struct Step: Encodable {
        let from: String
        let to: String
        /// "inferred", "mapping model NAME, not run", or "needs a mapping model (134140)".
        let outcome: String
        /// Per entity mapping of the mapping model covering the step, what the dry run runs and what not (absent
        /// without a mapping model).
        let entityMappings: [String]?
        let verdicts: [Verdict]

        /// "  From -> To: outcome", then each entity mapping and each verdict unless `brief`.
        func textLines(brief: Bool = false) -> [String] {
            ["  \(TerminalText.sanitize(from)) -> \(TerminalText.sanitize(to)): \(outcome)"]
                + (brief ? [] : (entityMappings ?? []).map { "    " + TerminalText.sanitize($0) })
                + (brief ? [] : verdicts.map { "    " + TerminalText.sanitize($0.text) })
        }

        /// The entry of a step.
        init(_ step: CoreDataStep) {
            from = step.fromName
            to = step.toName
            outcome = ModelBundleReport.outcome(of: step)
            entityMappings = step.mapping == nil ? nil : step.mappingNotes
            verdicts = step.verdicts.map {
                Verdict(
                    change: $0.change, verdict: $0.kind.rawValue, dependsOnData: $0.condition?.description,
                    errorCode: $0.condition?.errorCode, explanation: $0.explanation.isEmpty ? nil : $0.explanation)
            }
        }
    }

    let model: String
    let mode: String
    let order: String
    let current: String
    let currentReason: String
    let leftOut: [String]
    let versions: [Version]
    let mappingModels: [Mapping]
    /// Where mapping models were looked for ("FOLDER (why)").
    let mappingSearch: [String]
    /// Mapping models found but left out, and why.
    let mappingNotes: [String]
    let steps: [Step]

    /// The report of `plan`.
    init(_ plan: ModelBundlePlan) {
        let bundle = plan.bundle
        model = bundle.url.path
        mode = plan.progressive ? "progressive" : "single jump"
        order = bundle.order.reason
        current = bundle.current
        currentReason = bundle.currentReason
        leftOut = bundle.afterCurrent
        versions = bundle.versions.enumerated().map { index, version in
            Version(version: "\(index + 1).0.0", name: version.name, current: version.name == bundle.current)
        }
        mappingModels = Self.mappings(of: bundle)
        mappingSearch = bundle.mappingSearch.map(\.description)
        mappingNotes = bundle.mappingNotes
        let last = bundle.versions.count - 1
        steps = bundle.versions.indices.dropLast().map { index in
            Step(plan.step(from: index, to: plan.progressive ? index + 1 : last))
        }
    }

    /// What Core Data does with the step as a whole.
    static func outcome(of step: CoreDataStep) -> String {
        if let mapping = step.mapping {
            return "mapping model \(mapping.name), \(step.runsMapping ? "run here (its value expressions)" : "not run")"
        }
        if !step.canInfer { return "needs a mapping model (Core Data stops with 134140 \"Can't find mapping model\")" }
        if !step.dataDependent.isEmpty { return "inferred; depends on the data" }
        return "inferred"
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        var lines = [
            style.bold("Core Data model \(TerminalText.sanitize(model))"),
            "  order: \(TerminalText.sanitize(order))",
            "  current: \(TerminalText.sanitize(current)) (\(TerminalText.sanitize(currentReason)))",
        ]
        lines += versions.map { "  \($0.version)  \(TerminalText.sanitize($0.name))\($0.current ? "  (current)" : "")" }
        lines += leftOut.map { "  left out: \(TerminalText.sanitize($0)) (after the current version)" }
        lines.append(
            "  mapping models: \(mappingModels.count) found, looked for in "
                + mappingSearch.map(TerminalText.sanitize).joined(separator: "; "))
        lines += mappingModels.flatMap { $0.textLines() }
        lines += mappingNotes.map { "  note: " + TerminalText.sanitize($0) }
        lines.append("")
        lines.append(
            style.bold(
                mode == "progressive"
                    ? "Step by step (--progressive), as Core Data would take each step:"
                    : "Core Data's default (one inferred jump to \(TerminalText.sanitize(current))), from each older version:"
            ))
        lines += steps.flatMap { $0.textLines() }
        lines.append("")
        return lines
    }
}
