import Foundation
import Strata
import StrataText

/// What `strata diff` reports, shape `strata.diff/1`: `{"format", "plan", "from", "to", "counts": {"lightweight",
/// "custom", "destructive"}, "changes": [change], "store"?, "findings"?: [finding]}` (the last two with `--store`).
/// Forward across several versions the changes go step by step, each with its `step`.
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

    /// Diffs two schemas of a plan as the plan goes (see `ValidatedPlan.diffs`), counting data-dependent findings
    /// in `store` (which must be at `from`): each step's on the data as it is now, so a step whose checks need
    /// columns only an earlier stage makes counts nothing.
    init(
        plan name: String, validated: ValidatedPlan, from: Schema, to: Schema, store url: URL?,
        named original: URL? = nil
    ) throws {
        let diffs = validated.diffs(from: from, to: to)
        plan = name
        self.from = from.version.label
        self.to = to.version.label
        changes = diffs.flatMap { diff in
            diff.changes.map { change in
                var entry = ChangeEntry(change)
                if diffs.count > 1 {
                    entry.step =
                        "\(diff.from.version.label) -> \(diff.to.version.label)"
                }
                return entry
            }
        }
        counts = ChangeCounts(changes)
        store = (original ?? url)?.path
        if let url {
            let inspector = StoreInspector(url: url)
            let recorded = try inspector.metadata().version
            guard recorded == from.version else {
                throw CommandFailure.usage(
                    "\((original ?? url).path) is at \(recorded?.description ?? "no version"), not \(self.from); --store counts data for a store at the diff's first version"
                )
            }
            findings = try diffs.enumerated().flatMap { index, diff in
                // The first step's data is the store's own: its errors are real; later steps may lack columns.
                index == 0 ? try inspector.findings(for: diff) : ((try? inspector.findings(for: diff)) ?? [])
            }.map(FindingEntry.init)
        } else {
            findings = nil
        }
    }

    /// The report as text.
    func textLines(style: TextStyle) -> [String] {
        var lines = [style.bold("Plan \(plan): \(from) -> \(to), \(counts.text)")]
        var step: String?
        for change in changes {
            if let next = change.step, next != step {
                step = next
                lines.append(" " + style.bold(next))
            }
            lines += change.textLines(style: style).map { "  " + $0 }
        }
        if let store, let findings {
            lines += ["", style.bold("Data in \(TerminalText.sanitize(store))")]
            lines +=
                findings.isEmpty
                ? ["  nothing is lost, missing or duplicated"] : findings.map { "  " + $0.textLine(style: style) }
        }
        return lines
    }
}
