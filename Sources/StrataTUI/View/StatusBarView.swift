import StrataText

/// The two bottom lines: messages (or the filter being typed), and the status bar with store, version, mode
/// and the focused pane's keys.
enum StatusBarView {
    /// The message line: the filter being typed, or the message (cut, pointing to the log, when too long).
    static func drawMessageLine(_ state: AppState, in frame: inout Frame, row: Int) {
        let ellipsis = state.options.glyphs.ellipsis
        if let input = state.filterInput {
            let hint =
                state.focus == .diff && state.main == .rows
                ? "  (col=value, col~text, col>number; Ctrl-U clears; Enter applies, Esc cancels)"
                : "  (matches as you type; Ctrl-U clears; Enter keeps, Esc cancels)"
            Line("/", .key, .bold).with(input + "_").with(hint, .dim).draw(
                in: &frame, x: 0, y: row, limit: frame.width, ellipsis: ellipsis)
        } else if let message = state.visibleMessage {
            let role: Role =
                switch message.level {
                case .info: .info
                case .warning: .warning
                case .error: .error
                }
            let prefix = message.level == .info ? "" : "\(message.level.rawValue): "
            let text = message.text.replacingOccurrences(of: "\n", with: " ")
            var line = Line(prefix, role, .bold)
            if messageIsClipped(state) {
                let more = " \(ellipsis) whole in the log: \(Pane.progress.rawValue), Enter"
                let room = frame.width - CharacterWidth.of(prefix) - CharacterWidth.of(more)
                line = line.with(CharacterWidth.truncate(text, to: max(1, room), ellipsis: ""), role).with(
                    more, .key, .bold)
            } else {
                line = line.with(text, role)
            }
            line.draw(in: &frame, x: 0, y: row, limit: frame.width, ellipsis: ellipsis)
        }
    }

    /// True when the visible message is wider than the terminal (the log, opened with Enter in Progress, has it whole).
    static func messageIsClipped(_ state: AppState) -> Bool {
        guard state.filterInput == nil, state.overlay == nil, let message = state.visibleMessage else { return false }
        let prefix = message.level == .info ? 0 : message.level.rawValue.count + 2
        return prefix + CharacterWidth.of(message.text) > state.width || message.text.contains("\n")
    }

    /// The status bar: mode, store and versions, then as many of the focused pane's keys as fit (whole, most
    /// useful first), and help and quit at the right.
    static func drawStatusBar(_ state: AppState, in frame: inout Frame, row: Int) {
        frame.fill(Rect(x: 0, y: row, width: frame.width, height: 1), role: .statusBar, style: .reverse)
        let glyphs = state.options.glyphs
        let name = state.storePath.split(separator: "/").last.map(String.init) ?? state.storePath
        let target = state.targetIndex.map { " \(glyphs.arrow) \(state.versions[$0].version)" } ?? ""
        let always = " ? help  q quit "
        let room = frame.width - CharacterWidth.of(always)
        let label = state.planName == nil && state.mode == .dryRun ? "BROWSE" : state.mode.label
        var line = Line(" \(label) ", state.mode == .apply ? .apply : .dryRun, [.bold, .reverse])
        // Narrow terminals keep the versions and the keys; the file's name is in the wider ones.
        let store =
            frame.width < 90
            ? " \(state.storeVersion)\(target) "
            : " \(CharacterWidth.truncate(name, to: max(8, room / 3), ellipsis: glyphs.ellipsis)) @ \(state.storeVersion)\(target) "
        line = line.with(store, .statusBar, [.bold, .reverse])
        var hints = ""
        var first = true
        for hint in KeyHelp.hints(for: state) {
            let next = hints + (first ? "\(glyphs.separator) " : "  ") + hint
            guard line.width + CharacterWidth.of(next) <= room else { break }
            hints = next
            first = false
        }
        line.with(hints, .statusBar, .reverse).draw(in: &frame, x: 0, y: row, limit: room, ellipsis: glyphs.ellipsis)
        frame.put(always, x: max(0, room), y: row, role: .statusBar, style: [.bold, .reverse])
    }
}
