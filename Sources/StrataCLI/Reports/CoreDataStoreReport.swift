import Foundation
import Strata
import StrataAppleStores
import StrataText

/// What Core Data would do with a SwiftData / Core Data store and a model (`plan` and `migrate --dry-run` with
/// `--model`): the version its model is at (matched on the fields Core Data hashes; a tie or no match said, the
/// latter Core Data's 134130), and the steps of the mode to the target with Core Data's verdicts, a condition on
/// the rows checked against the store where its row counts decide it.
struct CoreDataStoreReport: Encodable {
    /// The matched version's name (nil when none matches).
    let version: String?
    /// The versions that match equally, when several do.
    let tiedWith: [String]
    /// When none matches: the closest version and the entities that differ, Core Data's 134130.
    let noMatch: String?
    /// The steps Core Data takes from `version` to the target in the plan's mode.
    let steps: [ModelBundleReport.Step]
    /// The same path in the other mode (step by step for the default single jump, and the reverse), to compare.
    let otherMode: [ModelBundleReport.Step]
    /// The conditions on the rows checked against the store: "fails: Task has 158 rows".
    let dataChecks: [String]

    /// The report for `store` and `plan`, up to `target` (the current version by default).
    init(store: AppleStore, plan: ModelBundlePlan, target: Schema.Version?) throws {
        let match = StoreVersionMatch(store: store.model, bundle: plan.bundle)
        let names = plan.versionNames
        version = match.equal.first.map { names[$0] }
        tiedWith = match.equal.count > 1 ? match.equal.dropFirst().map { names[$0] } : []
        noMatch = match.closest.map { closest in
            "Core Data finds no version whose entity hashes equal the store's (134130 \"Can't find model for source store\"); the closest is \(names[closest.index]), differing in \(closest.entities.joined(separator: ", "))"
        }
        let last = plan.schemas.firstIndex { target != nil && $0.version == target } ?? names.count - 1
        guard let start = match.equal.first, start < last else {
            steps = []
            otherMode = []
            dataChecks = []
            return
        }
        let path = CoreDataPath(plan: plan, from: start, to: last)
        var checks: [String] = []
        steps = path.steps.map(ModelBundleReport.Step.init)
        let other = ModelBundlePlan(bundle: plan.bundle, progressive: !plan.progressive)
        otherMode =
            last - start > 1
            ? CoreDataPath(plan: other, from: start, to: last).steps.map(ModelBundleReport.Step.init) : []
        // The first step meets the store's rows as they are; later ones meet rows the earlier steps changed.
        for verdict in path.steps.first?.dataDependent ?? [] {
            guard case .noRows(let entity) = verdict.condition,
                let rows = try? store.rowCount(of: Self.storedName(of: entity, step: path.steps[0], plan: plan))
            else {
                checks.append("\(verdict.change): depends on the rows (not counted here; see the dry run's findings)")
                continue
            }
            checks.append(
                rows == 0
                    ? "\(verdict.change): passes, \(entity) has no rows"
                    : "\(verdict.change): FAILS, \(entity) has \(rows) row\(rows == 1 ? "" : "s"): Core Data stops with \(verdict.condition?.error ?? "")"
            )
        }
        dataChecks = checks
    }

    /// The entity's name in the store (before a rename through a renaming identifier).
    private static func storedName(of entity: String, step: CoreDataStep, plan: ModelBundlePlan) -> String {
        plan.bundle.versions[step.to].entity(named: entity)?.renamingIdentifier
            .flatMap { plan.bundle.versions[step.from].entity(named: $0)?.name } ?? entity
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        var lines: [String] = []
        if let version {
            lines.append(
                style.bold(
                    "Core Data: the store is at \(TerminalText.sanitize(version)) (its model's hashed fields equal that version's)"
                ))
            if !tiedWith.isEmpty {
                lines.append(
                    "  it matches \(tiedWith.map(TerminalText.sanitize).joined(separator: ", ")) equally: they differ only in what a store's model does not show (versionHashModifier, external storage) or not at all"
                )
            }
        }
        if let noMatch { lines.append(style.red(TerminalText.sanitize(noMatch))) }
        lines += steps.flatMap { $0.textLines() }
        lines += dataChecks.map { "  " + TerminalText.sanitize($0) }
        if !otherMode.isEmpty {
            lines.append(
                otherMode.count > 1 ? "Compared, step by step (--progressive):" : "Compared, Core Data's single jump:")
            lines += otherMode.flatMap { $0.textLines(brief: true) }
        }
        return lines + [""]
    }
}

extension CoreDataStoreReport {
    /// The report when `--model` chose the plan and `store` is a SwiftData / Core Data store; nil otherwise.
    static func of(_ store: OpenedStore, target: PlanTarget) throws -> CoreDataStoreReport? {
        guard let model = target.resolved.model, case .apple(let apple) = store else { return nil }
        return try CoreDataStoreReport(store: apple, plan: model, target: target.version)
    }
}
