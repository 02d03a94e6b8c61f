import Foundation
import StrataText

/// The large pane on a stage (Enter in Stages): the stage's outcome, its changes and the SQL of each step.
enum StageDetailView {
    /// The title.
    static func title(_ state: AppState, index: Int) -> String {
        guard state.stages.indices.contains(index) else { return "Stage" }
        return "Stage \(state.stages[index].id.label(state.options))"
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
        for entry in stage.changes {
            lines.append(
                Line("  \(entry.marker) ", DiffView.role(marker: entry.marker), .bold)
                    .with(CharacterWidth.pad(entry.label, to: 12), DiffView.role(label: entry.label)).with(entry.text))
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
