/// The two bottom lines: messages (or the filter being typed), and the status bar with store, version, mode
/// and the focused pane's keys.
enum StatusBarView {
    /// The message line.
    static func drawMessageLine(_ state: AppState, in frame: inout Frame, row: Int) {
        let ellipsis = state.options.glyphs.ellipsis
        if let input = state.filterInput {
            let hint = state.focus == .diff && state.main == .rows ? "  (column=value, empty clears; Enter applies, Esc cancels)" : "  (Enter applies, Esc cancels)"
            Line("/", .key, .bold).with(input + "_").with(hint, .dim).draw(in: &frame, x: 0, y: row, limit: frame.width, ellipsis: ellipsis)
        } else if let message = state.visibleMessage {
            let role: Role = switch message.level {
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
            Line(message.level == .info ? "" : "\(message.level.rawValue): ", role, .bold).with(message.text, role)
                .draw(in: &frame, x: 0, y: row, limit: frame.width, ellipsis: ellipsis)
        }
    }

    /// The status bar.
    static func drawStatusBar(_ state: AppState, in frame: inout Frame, row: Int) {
        frame.fill(Rect(x: 0, y: row, width: frame.width, height: 1), role: .statusBar, style: .reverse)
        let glyphs = state.options.glyphs
        let name = state.storePath.split(separator: "/").last.map(String.init) ?? state.storePath
        let target = state.targetIndex.map { " \(glyphs.arrow) \(state.versions[$0].version)" } ?? ""
        let always = " ? help  q quit "
        let room = frame.width - CharacterWidth.of(always)
        let line = Line(" \(state.mode.label) ", state.mode == .apply ? .apply : .dryRun, [.bold, .reverse])
            .with(" \(name) @ \(state.storeVersion)\(target) ", .statusBar, [.bold, .reverse])
            .with("\(glyphs.separator) \(KeyHelp.hints(for: state))  Tab pane  m mode", .statusBar, .reverse)
        line.draw(in: &frame, x: 0, y: row, limit: room, ellipsis: glyphs.ellipsis)
        frame.put(always, x: room, y: row, role: .statusBar, style: [.bold, .reverse])
    }
}
