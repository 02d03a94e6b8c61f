import Foundation
import Strata

/// What `strata diff` reports, shape `strata.diff/1`: `{"format", "plan", "from", "to", "counts": {"lightweight",
/// "custom", "destructive"}, "changes": [change], "store"?, "findings"?: [finding]}` (the last two with `--store`).
struct DiffReport: Encodable {
    let format = "strata.diff/1"
    /// The plan's name.
    let plan: String
    /// The version diffed from.
    let from: String
    /// The version diffed to.
    let to: String
    /// How many changes of each classification.
    let counts: ChangeCounts
    /// The typed changes with their classification.
    let changes: [ChangeEntry]
    /// The store the findings were counted in.
    let store: String?
    /// What the changes would do to the store's data.
    let findings: [FindingEntry]?

    /// Diffs two schemas of a plan, counting data-dependent findings in `store` (which must be at `from`).
    init(plan name: String, from: Schema, to: Schema, store url: URL?) throws {
        let diff = SchemaDiff(from: from, to: to)
        plan = name
        self.from = from.version?.description ?? "unversioned"
        self.to = to.version?.description ?? "unversioned"
        changes = diff.changes.map(ChangeEntry.init)
        counts = ChangeCounts(changes)
        store = url?.path
        if let url {
            let inspector = StoreInspector(url: url)
            let recorded = try inspector.metadata().version
            guard recorded == from.version else {
                throw CommandFailure.usage(
                    "\(url.path) is at \(recorded?.description ?? "no version"), not \(self.from); --store counts data for a store at the diff's first version")
            }
            findings = try inspector.findings(for: diff).map(FindingEntry.init)
        } else {
            findings = nil
        }
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        var lines = [style.bold("Plan \(plan): \(from) -> \(to), \(counts.text)")]
        lines += changes.flatMap { $0.textLines(style: style) }.map { "  " + $0 }
        if let store, let findings {
            lines += ["", style.bold("Data in \(TerminalText.sanitize(store))")]
            lines += findings.isEmpty ? ["  nothing is lost, missing or duplicated"] : findings.map { "  " + $0.textLine(style: style) }
        }
        return lines
    }
}
