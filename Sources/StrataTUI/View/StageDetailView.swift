import Foundation
import Strata
import StrataText

/// The large pane on a stage (Enter in Stages): the stage's outcome, its changes and the SQL of each step.
enum StageDetailView {
    /// The title.
    static func title(_ state: AppState, index: Int) -> String {
        guard state.stages.indices.contains(index) else { return "Stage" }
        return "Stage \(state.stages[index].id.label(state.options.glyphs))"
    }

    /// The command that dry-runs the store to this stage's version with its row changes, as the UI does with `n`
    /// (`strata migrate Books.store --plan bookshelf --to 2.0.0 --dry-run --rows`), so that what was explored can be
    /// scripted; nil for a stage from the store's history or a store that cannot be migrated.
    static func commandLine(_ state: AppState, _ stage: StageRow) -> String? {
        guard let planName = state.planName, stage.status != .applied, state.mode != .readOnly,
            !state.storeModelFirst
        else { return nil }
        let plan = state.planArguments.isEmpty ? ["--plan", planName] : state.planArguments
        let words =
            ["strata", "migrate", state.storePath] + plan + ["--to", stage.id.to.label, "--dry-run", "--rows"]
        return words.map(shellWord).joined(separator: " ")
    }

    /// A word as a shell reads it back: quoted when it holds anything but letters, digits and `-_./=:@+,`.
    static func shellWord(_ word: String) -> String {
        let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_./=:@+,"))
        guard word.isEmpty || word.unicodeScalars.contains(where: { !plain.contains($0) }) else { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The lines at a width.
    static func lines(_ state: AppState, index: Int, width: Int) -> [Line] {
        guard state.stages.indices.contains(index) else { return [] }
        let stage = state.stages[index]
        var lines = [StagesView.outcome(stage, glyphs: state.options.glyphs)]
        if let message = stage.message { lines += Line.wrap(message, width: width).map { Line($0, .error) } }
        lines.append(Line())
        lines.append(Line("Changes", .heading, [.bold, .underline]))
        if stage.changes.isEmpty { lines.append(Line("  (recorded in the store's history; no details)", .dim)) }
        // Each change wraps under its text rather than running off the pane's edge (issue 44, item 8).
        let indent = String(repeating: " ", count: 16)
        for entry in stage.changes {
            let parts = Line.wrap(entry.text, width: max(12, width - indent.count))
            lines.append(
                Line("  \(entry.marker) ", DiffView.role(marker: entry.marker), .bold)
                    .with(CharacterWidth.pad(entry.label, to: 12), DiffView.role(label: entry.label))
                    .with(parts.first ?? ""))
            lines += parts.dropFirst().map { Line(indent + $0) }
        }
        if let command = commandLine(state, stage) {
            lines.append(Line())
            lines.append(Line("The same on the command line", .heading, [.bold, .underline]))
            lines += Line.wrap(command, width: width - 2).map { Line("  " + $0, .key) }
        }
        guard !stage.steps.isEmpty else { return lines }
        lines.append(Line())
        lines.append(
            Line(
                stage.status == .done ? "Steps and SQL it ran" : "Steps and SQL it will run", .heading,
                [.bold, .underline]))
        for (number, step) in stage.steps.enumerated() {
            lines.append(Line("\(number + 1). \(step.summary)", .plain, .bold))
            for statement in step.sql {
                lines += Line.wrap(statement, width: width - 4).map { Line("    " + $0, .dim) }
            }
        }
        return lines
    }
}
