import Foundation
import Strata
import StrataAppleStores
import StrataTUI
import StrataText

/// The text `demo` and `open` print when standard output is not a terminal: what the UI would show first. The
/// store's part is `strata info`'s report (`InfoReport`, the one reading of what a store holds) in short; the plan's
/// part is the checked plan, or for a SwiftData or Core Data store the UI's own first state.
package enum StoreSummary {
    /// True when both standard input and output are terminals, so the UI can run.
    package static var interactive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// The store's version, entities with row counts, history, and with a plan its versions and pending stages;
    /// for the private import of a SwiftData / Core Data store, the original's path and how it was imported; custom
    /// stages without code marked not run, saying why.
    package static func text(
        store: OpenedStore, plan: ValidatedPlan?, planName: String?
    ) throws -> String {
        let info = try InfoReport(store: store)
        let lines: [String]
        switch store {
        case .apple(let apple): lines = appleLines(info, store: apple, plan: plan, planName: planName)
        case .strata, .imported:
            lines = strataLines(info, plan: plan, planName: planName, store: store)
        }
        return lines.map(TerminalText.sanitize).joined(separator: "\n")
    }

    /// The report's entities, one line each with its row count.
    private static func entityLines(_ info: InfoReport) -> [String] {
        ["entities:"] + info.entities.map { "  \($0.name): \(CountText.rows($0.rows))" }
    }

    /// "1 change", "3 changes": a stage's changes counted.
    private static func changes(_ diff: SchemaDiff) -> String {
        CountText.plural(diff.changes.count, "change", "changes")
    }

    /// A Strata store: version and fingerprint, entities, history, then the plan's versions and stages.
    private static func strataLines(
        _ info: InfoReport, plan: ValidatedPlan?, planName: String?, store: OpenedStore
    ) -> [String] {
        var lines = [
            "store: \(info.store)",
            "version: \(info.version ?? "unversioned") (fingerprint \((info.fingerprint ?? "").prefix(8)))",
        ]
        if case .imported = store {
            lines.insert(
                "format: SwiftData / Core Data store, imported privately at the plan version its model equals (the original is never written)",
                at: 1)
        }
        lines += entityLines(info)
        let history = info.history ?? []
        lines.append(history.isEmpty ? "history: none" : "history:")
        lines += history.map { "  \($0.from) -> \($0.to) \($0.kind), \(CountText.rowWrites($0.rows))" }
        if let validated = plan {
            lines.append(
                "plan: \(planName ?? validated.name), versions \(validated.schemas.map { $0.version.label }.joined(separator: ", "))"
            )
            for stage in validated.stages {
                lines.append(
                    "  stage \(stage.title) \(stage.kind.rawValue): \(changes(stage.diff))\(stage.lacksCode ? " (not run: \(stage.whyNotRun))" : "")"
                )
            }
        }
        return lines
    }

    /// A SwiftData or Core Data store as the UI opens it: read-only, its model, entities, and where it stands against
    /// the plan (`PlanStanding`, as the UI reads it), with the UI's own note.
    private static func appleLines(_ info: InfoReport, store: AppleStore, plan: ValidatedPlan?, planName: String?)
        -> [String]
    {
        let standing = PlanStanding(store: store, versions: plan?.schemas ?? [])
        var lines = [
            "store: \(info.store)", "format: SwiftData / Core Data store (read-only)",
            "version: \(AppleStoreOpening.storeLabel(store))",
        ]
        lines += entityLines(info)
        if let planName {
            lines.append(
                "plan: \(planName), versions \(standing.versions.map { $0.version.label }.joined(separator: ", "))"
            )
            lines += standing.stagesAhead(plan?.stages ?? []).map {
                "  stage \($0.title) \($0.kind.rawValue): \(changes($0.diff))"
            }
        }
        lines.append(
            AppleStoreOpening.note(
                standing, planned: plan != nil, planName: planName,
                inherits: !AppleStoreOpening.lineage(of: store.model).isEmpty))
        return lines
    }
}
