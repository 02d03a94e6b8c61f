import Foundation
import Strata
import StrataAppleStores
import StrataTUI

/// The text `demo` and `open` print when standard output is not a terminal: what the UI would show first.
enum StoreSummary {
    /// True when both standard input and output are terminals, so the UI can run.
    static var interactive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// The store's version, entities with row counts, history, and with a plan its versions and pending stages
    /// (custom stages without code marked not run, `notRunReason` saying why).
    static func text(store url: URL, plan: ValidatedPlan?, planName: String?, notRunReason: String? = nil) throws
        -> String
    {
        if try StoreFormat.detect(at: url) == .apple {
            return try appleText(store: url, plan: plan, planName: planName)
        }
        let inspector = StoreInspector(url: url)
        let metadata = try inspector.metadata()
        var lines = [
            "store: \(url.path)",
            "version: \(metadata.version?.description ?? "unversioned") (fingerprint \(metadata.schema.shortFingerprint))",
            "entities:",
        ]
        lines += try inspector.rowCounts().map { "  \(TerminalText.sanitize($0.entity)): \($0.rows) rows" }
        let history = try inspector.history()
        lines.append("history: \(history.isEmpty ? "none" : "")")
        lines += history.map {
            "  \($0.fromVersion.isEmpty ? "unversioned" : $0.fromVersion) -> \($0.toVersion) \($0.kind), \($0.rows) rows"
        }
        if let validated = plan {
            lines.append(
                "plan: \(planName ?? validated.name), versions \(validated.schemas.map { $0.version?.description ?? "unversioned" }.joined(separator: ", "))"
            )
            for stage in validated.stages {
                lines.append(
                    "  stage \(stage.title) \(stage.kind.rawValue): \(stage.diff.changes.count) changes\(stage.lacksCode ? " (not run: \(notRunReason ?? CompiledLevel.staticReason))" : "")"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A SwiftData or Core Data store as the UI opens it: read-only, its model, entities, and how it relates to the plan.
    private static func appleText(store url: URL, plan: ValidatedPlan?, planName: String?) throws -> String {
        let session = try Session(store: url, validated: plan, planName: planName)
        defer { session.shutdown() }
        let state = session.initialState
        var lines = [
            "store: \(url.path)", "format: SwiftData / Core Data store (read-only)", "version: \(state.storeVersion)",
            "entities:",
        ]
        lines += state.browser.entities.map { "  \(TerminalText.sanitize($0.name)): \($0.rows) rows" }
        if let planName {
            lines.append(
                "plan: \(planName), versions \(state.versions.dropFirst().map(\.version).joined(separator: ", "))")
            lines += state.stages.map { "  stage \($0.id) \($0.kindLabel): \($0.changes.count) changes" }
        }
        lines += state.stagesNote.map { [$0] } ?? []
        return lines.joined(separator: "\n")
    }
}
