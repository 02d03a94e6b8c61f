import Foundation
import Strata
import StrataAppleStores
import StrataText

/// What Core Data would do with a SwiftData / Core Data store and a model (`plan` and `migrate --dry-run` with
/// `--model`): the version its model is at (matched on the fields Core Data hashes; a tie or no match said, the
/// latter Core Data's 134130), and the steps of the mode to the target with Core Data's verdicts, the first step's
/// conditions on the rows checked against the store's rows (`CoreDataRowCheck`).
struct CoreDataStoreReport: Encodable {
    /// The matched version's name (nil when none matches).
    let version: String?
    /// The versions that match equally, when several do.
    let tiedWith: [String]
    /// Which rule found the version: `entityVersionHashes` (the store's recorded entity version hashes equal the
    /// version's computed ones) or `modelComparison` (the store's embedded model compared on the hashed fields).
    let matchedBy: String
    /// The rule in words.
    let matchedByDescription: String
    /// When none matches: the closest version and the entities that differ, Core Data's 134130.
    let noMatch: String?
    /// The steps Core Data takes from `version` to the target in the plan's mode.
    let steps: [ModelBundleReport.Step]
    /// The same path in the other mode (step by step for the default single jump, and the reverse), to compare.
    let otherMode: [ModelBundleReport.Step]
    /// The conditions on the rows of the first step checked against the store's rows: "passes, Task has no rows",
    /// or "FAILS, 2 rows of Book have no title (Book/2, Book/4): Core Data stops with 134110 …".
    let dataChecks: [String]
    /// What the mode skips for this store: in Core Data's single jump, each mapping model the chain would run.
    let warnings: [String]

    /// The report for `store` and `plan`, up to `target` (the current version by default); the first step's
    /// conditions on the rows are checked in `imported`, the store's private import at its version, when given.
    init(store: AppleStore, plan: ModelBundlePlan, target: Schema.Version?, imported: URL?) throws {
        let match = StoreVersionMatch(
            store: store.model, versionHashes: store.metadata.entityHashes, bundle: plan.bundle)
        let names = plan.versionNames
        version = match.equal.first.map { names[$0] }
        tiedWith = match.equal.count > 1 ? match.equal.dropFirst().map { names[$0] } : []
        matchedBy = match.rule
        matchedByDescription = match.ruleDescription
        noMatch = match.closest.map { closest in
            "Core Data finds no version whose entity hashes equal the store's (134130 \"Can't find model for source store\"); the closest is \(names[closest.index]), differing in \(closest.entities.joined(separator: ", "))"
        }
        let last = plan.schemas.firstIndex { target != nil && $0.version == target } ?? names.count - 1
        guard let start = match.equal.first, start < last else {
            steps = []
            otherMode = []
            dataChecks = []
            warnings = []
            return
        }
        let path = CoreDataPath(plan: plan, from: start, to: last)
        steps = path.steps.map(ModelBundleReport.Step.init)
        warnings =
            plan.progressive
            ? []
            : CoreDataPath.mappingsSkippedByTheJump(in: plan, from: start, to: last).map {
                CoreDataPath.skippedMappingWarning($0, storeAt: names[start], current: names[last])
            }
        let other = plan.inMode(progressive: !plan.progressive)
        otherMode =
            last - start > 1
            ? CoreDataPath(plan: other, from: start, to: last).steps.map(ModelBundleReport.Step.init) : []
        // The first step meets the store's rows as they are; later ones meet rows the earlier steps changed, which
        // the dry run shows stage by stage.
        // A step a mapping model covers runs the mapping model: its entity mappings are named with what is not
        // checked, as for a custom stage that cannot run.
        guard let first = path.steps.first, first.mapping == nil, let imported else {
            dataChecks =
                path.steps.first.map { step in
                    step.mapping != nil
                        ? step.mappingNotes : step.dataDependent.map { "\($0.change): depends on the rows" }
                } ?? []
            return
        }
        dataChecks = try CoreDataRowCheck.checks(of: first, plan: plan, store: imported).map(\.description)
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        var lines: [String] = []
        if let version {
            lines.append(
                style.bold(
                    "Core Data: the store is at \(TerminalText.sanitize(version)) (\(matchedByDescription))"
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
        lines += warnings.map { "  " + style.yellow("warning: " + TerminalText.sanitize($0)) }
        if !otherMode.isEmpty {
            lines.append(
                otherMode.count > 1 ? "Compared, step by step (--progressive):" : "Compared, Core Data's single jump:")
            lines += otherMode.flatMap { $0.textLines(brief: true) }
        }
        return lines + [""]
    }
}

extension CoreDataStoreReport {
    /// The store `plan` and `migrate --dry-run` work on (`opened` imported privately at its version), with `--model`
    /// on a SwiftData / Core Data store the report of what Core Data would do with it, its conditions on the rows
    /// checked in the import. When the store is at no version of the model, the report (Core Data's 134130) is
    /// printed, as JSON (`{"coreData": …, "error": …}`) with `json`, then the import's error is thrown.
    static func imported(_ opened: OpenedStore, target: PlanTarget, json: Bool) throws -> (
        OpenedStore, CoreDataStoreReport?
    ) {
        guard let model = target.resolved.model, case .apple(let apple) = opened else {
            return (try target.resolved.imported(opened, at: target.plan), nil)
        }
        let imported: OpenedStore
        do {
            imported = try target.resolved.imported(opened, at: target.plan)
        } catch {
            let report = try CoreDataStoreReport(store: apple, plan: model, target: target.version, imported: nil)
            if json {
                try JSONOutput.print(Unmatched(coreData: report, error: "\(error)"))
            } else {
                report.textLines(style: .standardOutput).forEach { Console.out($0) }
            }
            throw error
        }
        do {
            let report = try CoreDataStoreReport(
                store: apple, plan: model, target: target.version, imported: imported.strataFile)
            return (imported, report)
        } catch {
            imported.remove()
            throw error
        }
    }

    /// What `--json` prints for a store at no version of the model: the Core Data report and the error.
    struct Unmatched: Encodable {
        let coreData: CoreDataStoreReport
        let error: String
    }
}
