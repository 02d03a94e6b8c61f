import Foundation

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

    /// The first line of a stage: symbol, versions and kind.
    static func heading(_ stage: StageRow, options: RenderOptions) -> Line {
        let (symbol, role) = mark(stage.status, glyphs: options.glyphs)
        return Line("\(symbol) ", role, .bold)
            .with(stage.id.label(options), .plain, .bold)
            .with("  \(stage.kindLabel)", DiffView.role(label: stage.kind == .custom ? "custom" : "lightweight"))
    }

    /// The second line: status, duration, rows.
    static func outcome(_ stage: StageRow, glyphs: Glyphs) -> Line {
        let role: Role =
            switch stage.status {
            case .failed, .cancelled: .error
            case .running: .info
            case .done: .lightweight
            default: .dim
            }
        var parts = [stage.status.rawValue]
        if let duration = stage.duration { parts.append(Formatting.duration(duration)) }
        if let rows = stage.rows { parts.append(Formatting.plural(rows, "row", "rows")) }
        return Line(parts.joined(separator: " · "), role)
    }
}
