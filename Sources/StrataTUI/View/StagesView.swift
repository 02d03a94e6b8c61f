import Foundation
import StrataText

/// The Stages pane: each stage on two lines (status, versions, kind; then outcome, duration, rows).
enum StagesView {
    /// The symbol and role of a status.
    static func mark(_ status: StageStatus, glyphs: Glyphs) -> (String, Role) {
        switch status {
        case .applied: (glyphs.applied, .dim)
        case .pending: (glyphs.pending, .plain)
        case .running: (glyphs.running, .info)
        case .done: (glyphs.done, .lightweight)
        case .failed, .cancelled: (glyphs.failed, .error)
        }
    }

    /// The first line of a stage: symbol, versions and kind, the kind left out (for the second line) when the line
    /// would be wider than `width` (a model's long version names in a narrow pane).
    static func heading(_ stage: StageRow, options: RenderOptions, width: Int = .max) -> Line {
        let (symbol, role) = mark(stage.status, glyphs: options.glyphs)
        let versions = Line("\(symbol) ", role, .bold).with(stage.id.label(options.glyphs), .plain, .bold)
        let whole = versions.with("  \(stage.kindLabel)", kindRole(stage))
        return whole.width <= width ? whole : versions
    }

    /// The role a stage's kind is drawn in.
    private static func kindRole(_ stage: StageRow) -> Role {
        DiffView.role(label: stage.kind == .custom ? "custom" : "lightweight")
    }

    /// The second line as the pane draws it under a heading `width` columns wide: the outcome, then the kind when the
    /// heading had no room for it.
    static func outcomeLine(_ stage: StageRow, options: RenderOptions, width: Int) -> Line {
        let outcome = Line("  ").with(outcome(stage, glyphs: options.glyphs).text, outcomeRole(stage))
        guard heading(stage, options: options).width > width else { return outcome }
        return outcome.with(" · ", .dim).with(stage.kindLabel, kindRole(stage))
    }

    /// The role of a stage's outcome.
    private static func outcomeRole(_ stage: StageRow) -> Role {
        switch stage.status {
        case .failed, .cancelled: .error
        case .running: .info
        case .done: .lightweight
        default: .dim
        }
    }

    /// The second line: status, duration, row writes ("writes", for the pane's width; a row written twice counts twice).
    static func outcome(_ stage: StageRow, glyphs: Glyphs) -> Line {
        let role = outcomeRole(stage)
        var parts = [stage.status.rawValue]
        if let duration = stage.duration { parts.append(Formatting.duration(duration)) }
        if let rows = stage.rows { parts.append(CountText.rowWrites(rows, grouped: true, short: true)) }
        return Line(parts.joined(separator: " · "), role)
    }
}
