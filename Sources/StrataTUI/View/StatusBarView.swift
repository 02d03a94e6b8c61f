import StrataText

/// The two bottom lines: messages (or the filter being typed; a long message wraps onto the rows above), and the
/// status bar with store, version, mode and the focused pane's keys.
enum StatusBarView {
    /// The message line: the filter being typed, or the message. A message wider than the terminal wraps onto
    /// the rows above, drawn over the bottom of the panes while it shows (at most `messageLineLimit` lines); one
    /// longer still ends pointing to the log (Progress pane, Enter), which keeps every message whole.
    static func drawMessageLine(_ state: AppState, in frame: inout Frame, row: Int) {
        let ellipsis = state.options.glyphs.ellipsis
        if let input = state.filterInput {
            let hint =
                state.focus == .diff && state.main == .rows
                ? "  (col=value, col~text, col>number; Ctrl-U clears; Enter applies, Esc cancels)"
                : "  (matches as you type; Ctrl-U clears; Enter keeps, Esc cancels)"
            Line("/", .key, .bold).with(input + "_").with(hint, .dim).draw(
                in: &frame, x: 0, y: row, limit: frame.width, ellipsis: ellipsis)
            return
        }
        let lines = messageLines(state)
        for (index, line) in lines.enumerated() {
            let y = row - lines.count + 1 + index
            frame.fill(Rect(x: 0, y: y, width: frame.width, height: 1))
            line.draw(in: &frame, x: 0, y: y, limit: frame.width, ellipsis: ellipsis)
        }
    }

    /// The most lines a message takes: a fifth of the terminal, between one and six.
    static func messageLineLimit(_ state: AppState) -> Int { max(1, min(6, (state.height - 2) / 4)) }

    /// The visible message wrapped to the terminal's width (each of its own lines wrapped apart), its level's
    /// prefix first; nil when there is none or an overlay or the filter line covers it.
    static func wrappedMessage(_ state: AppState) -> [String]? {
        guard state.filterInput == nil, state.overlay == nil, let message = state.visibleMessage else { return nil }
        let prefix = message.level == .info ? "" : "\(message.level.rawValue): "
        return Line.wrap(prefix + message.text, width: state.width)
    }

    /// True when the visible message has more lines than `messageLineLimit`: it is cut, and points to the log.
    static func messageIsClipped(_ state: AppState) -> Bool {
        (wrappedMessage(state)?.count ?? 0) > messageLineLimit(state)
    }

    /// The message's lines as drawn: its level's colour, the prefix in bold, the last line of a cut message
    /// pointing to the log.
    static func messageLines(_ state: AppState) -> [Line] {
        guard let message = state.visibleMessage, var wrapped = wrappedMessage(state) else { return [] }
        let role: Role =
            switch message.level {
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
        let limit = messageLineLimit(state)
        var more: String?
        if wrapped.count > limit {
            let pointer = " \(state.options.glyphs.ellipsis) whole in the log: \(Pane.progress.rawValue), Enter"
            wrapped = Array(wrapped.prefix(limit))
            wrapped[limit - 1] = CharacterWidth.truncate(
                wrapped[limit - 1], to: max(1, state.width - CharacterWidth.of(pointer)), ellipsis: "")
            more = pointer
        }
        let prefix = message.level == .info ? "" : "\(message.level.rawValue): "
        return wrapped.enumerated().map { index, text in
            var line =
                index == 0 && !prefix.isEmpty && text.hasPrefix(prefix)
                ? Line(prefix, role, .bold).with(String(text.dropFirst(prefix.count)), role) : Line(text, role)
            if index == wrapped.count - 1, let more { line = line.with(more, .key, .bold) }
            return line
        }
    }

    /// The status bar: mode, store and versions, then as many of the focused pane's keys as fit (whole, most
    /// useful first), and help and quit at the right.
    static func drawStatusBar(_ state: AppState, in frame: inout Frame, row: Int) {
        frame.fill(Rect(x: 0, y: row, width: frame.width, height: 1), role: .statusBar, style: .reverse)
        let glyphs = state.options.glyphs
        let name = state.storePath.split(separator: "/").last.map(String.init) ?? state.storePath
        let target =
            state.targetIndex.map { " \(glyphs.arrow) \(state.versions[$0].label)" } ?? ""
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
