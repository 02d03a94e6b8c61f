import Foundation
import Strata
import StrataSources
import StrataText

/// What `strata migrate` reports, shape `strata.migrate/1`: `{"format", "store", "plan", "dryRun", "from", "target",
/// "reached", "backup"?, "stages": [stage run], "remaining", "succeeded", "failure"?, "failureKind"?, "notRun"?,
/// "compiled"?}`
/// (`compiled`: what the compiled level of `--sources` changed in the app's code to build it, see
/// `CompiledAdaptations`; `coreData`: with `--model` on a SwiftData / Core Data store, what Core Data would do with it,
/// see `CoreDataStoreReport`; `versionNames`: `{"2.0.0": "Model 2"}` for a plan that names its versions, `--model` and
/// `--sources`). `reached` is the version the
/// store (or, in a dry run, its private copy) is at afterwards; `remaining` counts stages not run (after `--step`
/// or a failure). With `--rows` the shape is `strata.migrate/2`: each stage's "rows" is the array of row changes per
/// entity and its count of rows copied moves to "rowsCopied" (``StageRunEntry``).
struct MigrateReport: Encodable {
    var format = "strata.migrate/1"
    /// The store's path.
    let store: String
    /// The plan's name.
    let plan: String
    /// True when the stages ran on a private copy and the store was not written.
    let dryRun: Bool
    /// The version the store was at.
    let from: String
    /// The version the plan leads to.
    let target: String
    /// The version reached.
    let reached: String
    /// Where the store was backed up first.
    let backup: String?
    /// The stages that ran, the failing one included.
    let stages: [StageRunEntry]
    /// Stages still to run to reach the target.
    let remaining: Int
    /// True when no stage failed.
    let succeeded: Bool
    /// The failing stage's error.
    let failure: String?
    /// The failing stage's stable kind (``MigrationFailure/kind``).
    let failureKind: String?
    /// Why the run stopped before a custom stage whose code was read from sources, not compiled.
    let notRun: String?
    /// What the compiled level changed in the app's code, when this `strata` was built from an app's sources.
    let compiled: CompiledAdaptations? = CommandLineSetup.current.compiledAdaptations
    /// With `--model` on a SwiftData / Core Data store: the version it is at, Core Data's steps and the checks of
    /// their conditions on its rows.
    var coreData: CoreDataStoreReport? = nil
    /// Each version's own name by number, for a plan that names its versions (a Core Data model, sources).
    var versionNames: [String: String]? = nil

    /// The report as text (the events were printed while the stages ran).
    func textLines(style: TextStyle) -> [String] {
        let path = TerminalText.sanitize(store)
        var lines: [String] = []
        if stages.isEmpty && succeeded && notRun == nil { return ["\(path) is already at \(target); nothing to run."] }
        lines.append(
            style.bold(
                dryRun
                    ? "Dry run of plan \(plan) on a private copy of \(path) (the store was not written):"
                    : "Plan \(plan) on \(path):"))
        lines += stages.flatMap { $0.textLines(style: style) }.map { "  " + $0 }
        if let backup { lines.append("Backed up first to \(TerminalText.sanitize(backup)).") }
        if !succeeded {
            lines.append(
                style.red(
                    dryRun
                        ? "A real run would fail; the store would stay at \(reached)."
                        : "The failing stage rolled back; \(path) is at \(reached)."))
        } else if let notRun {
            lines.append(style.yellow(notRun))
        } else if remaining > 0 {
            lines.append(
                "\(dryRun ? "The copy reached" : "\(path) is at") \(reached); \(remaining) stage\(remaining == 1 ? "" : "s") remain\(remaining == 1 ? "s" : "") to \(target)."
            )
        } else {
            lines.append(
                style.green(
                    dryRun
                        ? "A real run would take the store from \(from) to \(target)."
                        : "\(path) migrated from \(from) to \(target)."))
        }
        return lines
    }
}
