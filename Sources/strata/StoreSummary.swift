import Foundation
import Strata

/// The text `demo` and `open` print when standard output is not a terminal: what the UI would show first.
enum StoreSummary {
    /// True when both standard input and output are terminals, so the UI can run.
    static var interactive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// The store's version, entities with row counts, history, and with a plan its versions and pending stages.
    static func text(store url: URL, plan: (any SchemaMigrationPlan.Type)?, planName: String?) throws -> String {
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
        lines += history.map { "  \($0.fromVersion.isEmpty ? "unversioned" : $0.fromVersion) -> \($0.toVersion) \($0.kind), \($0.rows) rows" }
        if let plan {
            let validated = try ValidatedPlan(plan)
            lines.append("plan: \(planName ?? validated.name), versions \(validated.schemas.map { $0.version?.description ?? "unversioned" }.joined(separator: ", "))")
            for stage in validated.stages {
                lines.append("  stage \(stage.title) \(stage.kind.rawValue): \(stage.diff.changes.count) changes")
            }
        }
        return lines.joined(separator: "\n")
    }
}
