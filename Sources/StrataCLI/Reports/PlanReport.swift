import Foundation
import Strata
import StrataAppleStores
import StrataText

/// What `strata plan` reports, shape `strata.plan/1`:
/// `{"format", "store", "plan", "storeVersion", "target", "stages": [stage]}` (stages empty when the store is at the target),
/// `"versionNames"` (`{"2.0.0": "Model 2"}`) for a plan that names its versions (`--model`, `--sources`), and with
/// `--model` on a Core Data store `"coreData"` (see `CoreDataStoreReport`).
struct PlanReport: Encodable {
    let format = "strata.plan/1"
    /// The store's path.
    let store: String
    /// The plan's name.
    let plan: String
    /// The plan version the store is at.
    let storeVersion: String
    /// The version the stages lead to.
    let target: String
    /// The stages that would run, in order.
    let stages: [StageEntry]
    /// Each version's own name by number, for a plan that names its versions (a Core Data model, sources).
    let versionNames: [String: String]?
    /// With `--model` and a Core Data store: what Core Data would do (`"coreData"`).
    var coreData: CoreDataStoreReport? = nil

    /// Plans the path of `store` (read through a private copy, so none of its files is written).
    init(store: OpenedStore, plan name: String, target: PlanTarget) throws {
        let migrator = try store.migratorOnPrivateCopy(validated: target.plan, to: target.version)
        self.store = store.url.path
        plan = name
        storeVersion = migrator.current.version.label
        self.target = migrator.target.version.label
        versionNames = target.resolved.versionNames
        // The first stage's findings are counted in the store; later stages meet data the earlier ones change,
        // which a dry run counts.
        stages = migrator.pending.enumerated().map { index, stage in
            StageEntry(stage, index: index + 1, findings: index == 0 ? (try? migrator.findings(of: stage)) : nil)
        }
    }

    /// The report as text, with each step's SQL when `sql` is true; `options` are the plan options the command was
    /// given, which the dry-run hint repeats (`--plan NAME` when none are given).
    func textLines(style: TextStyle, sql: Bool, options: [String] = []) -> [String] {
        let heading = "\(TerminalText.sanitize(store)) is at \(storeVersion)"
        guard !stages.isEmpty else { return ["\(heading), plan \(plan)'s target: nothing to run."] }
        var lines = [
            style.bold(
                "\(heading); plan \(plan) leads to \(target) in \(stages.count) stage\(stages.count == 1 ? "" : "s"):"),
            "",
        ]
        for stage in stages { lines += stage.textLines(style: style, sql: sql) + [""] }
        lines.append(
            "Dry-run it with: "
                + ShellWords.command(
                    ["strata", "migrate", store] + (options.isEmpty ? ["--plan", plan] : options)
                        + ["--to", target, "--dry-run"])
        )
        return lines
    }
}
