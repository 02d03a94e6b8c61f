import StrataText

/// Draws a state into a frame: the pure half of the UI, checked by golden tests.
package enum Renderer {
    /// The frame for a state at its size (monochrome when the options say so).
    package static func render(_ state: AppState) -> Frame {
        var frame = Frame(width: state.width, height: state.height)
        let layout = Layout(state)
        guard layout.fits else {
            drawTooSmall(state, in: &frame)
            return state.options.monochrome ? frame.monochrome : frame
        }
        let glyphs = state.options.glyphs
        drawList(
            .versions, title: "Versions", lines: VersionsView.lines(state, width: layout.versions.inner.width - 1),
            state: state, frame: &frame, layout: layout)
        drawStages(state, frame: &frame, layout: layout)
        drawList(
            .browser, title: BrowserView.title(state),
            lines: BrowserView.lines(state, width: layout.browser.inner.width - 1), state: state, frame: &frame,
            layout: layout)
        drawMain(state, frame: &frame, layout: layout)
        let progress = layout.progress
        frame.box(
            progress, title: "\(Pane.progress.rawValue) Progress", focused: state.focus == .progress, glyphs: glyphs)
        ProgressView.draw(state, in: &frame, rect: progress)
        StatusBarView.drawMessageLine(state, in: &frame, row: layout.messageRow)
        StatusBarView.drawStatusBar(state, in: &frame, row: layout.statusRow)
        switch state.overlay {
        case .help(let scroll)?: OverlayView.drawHelp(state, scroll: scroll, in: &frame)
        case .confirm(let confirmation)?: OverlayView.drawConfirmation(confirmation, state: state, in: &frame)
        case .quitWhileRunning?: OverlayView.drawQuitQuestion(state, in: &frame)
        case .text(let text)?: OverlayView.drawText(text, state: state, in: &frame)
        case nil: break
        }
        if state.options.ascii { frame.replaceSymbolsWithASCII() }
        return state.options.monochrome ? frame.monochrome : frame
    }

    /// A list pane: a box, its lines from the cursor's scroll, the selected line highlighted when focused.
    private static func drawList(
        _ pane: Pane, title: String, lines: [Line], state: AppState, frame: inout Frame, layout: Layout
    ) {
        let rect = layout.rect(pane)
        let inner = rect.inner
        let filter = state.filters[pane].map { " /\($0)" } ?? ""
        frame.box(
            rect, title: "\(pane.rawValue) \(title)\(filter)", focused: state.focus == pane,
            glyphs: state.options.glyphs)
        let cursor = state.cursor(pane)
        for (row, index) in (cursor.scroll..<min(lines.count, cursor.scroll + inner.height)).enumerated() {
            lines[index].draw(
                in: &frame, x: inner.x + 1, y: inner.y + row, limit: inner.width - 1,
                ellipsis: state.options.glyphs.ellipsis)
            if index == cursor.selected {
                frame.highlight(
                    x: inner.x, y: inner.y + row, width: inner.width, role: state.focus == pane ? .selection : .plain,
                    style: state.focus == pane ? .reverse : .bold)
            }
        }
        if lines.count > inner.height {
            drawPosition(
                first: cursor.scroll, shown: inner.height, count: lines.count, rect: rect, glyphs: state.options.glyphs,
                in: &frame)
        }
        if lines.isEmpty {
            frame.put(
                state.filters[pane] == nil ? "(none)" : "(no match)", x: inner.x + 1, y: inner.y,
                limit: inner.width - 1, role: .dim)
        }
    }

    /// The Stages pane: two rows per stage, or the reason there are none.
    private static func drawStages(_ state: AppState, frame: inout Frame, layout: Layout) {
        let rect = layout.stages
        let inner = rect.inner
        let glyphs = state.options.glyphs
        let filter = state.filters[.stages].map { " /\($0)" } ?? ""
        frame.box(
            rect, title: "\(Pane.stages.rawValue) Stages\(filter)", focused: state.focus == .stages, glyphs: glyphs)
        let visible = state.visibleStages
        let cursor = state.cursor(.stages)
        var row = 0
        for position in cursor.scroll..<visible.count where row + 1 < inner.height + 1 {
            let stage = state.stages[visible[position]]
            StagesView.heading(stage, options: state.options, width: inner.width - 1).draw(
                in: &frame, x: inner.x + 1, y: inner.y + row, limit: inner.width - 1, ellipsis: glyphs.ellipsis)
            if row + 1 < inner.height {
                StagesView.outcomeLine(stage, options: state.options, width: inner.width - 1).draw(
                    in: &frame, x: inner.x + 1, y: inner.y + row + 1, limit: inner.width - 1, ellipsis: glyphs.ellipsis)
            }
            if position == cursor.selected {
                let focused = state.focus == .stages
                frame.highlight(
                    x: inner.x, y: inner.y + row, width: inner.width, role: focused ? .selection : .plain,
                    style: focused ? .reverse : .bold)
            }
            row += 2
        }
        let perPage = max(1, inner.height / 2)
        if visible.count > perPage {
            drawPosition(
                first: cursor.scroll, shown: perPage, count: visible.count, rect: rect, glyphs: glyphs, in: &frame)
        }
        if visible.isEmpty {
            let note = state.stagesNote ?? (state.filters[.stages] == nil ? "No stages." : "(no match)")
            var wrapped = Line.wrap(note, width: inner.width - 1)
            // A note longer than the pane is never cut mid-sentence unawares: its last row says Enter shows it whole
            // (issue 44, item 8).
            if wrapped.count > inner.height, inner.height > 0 {
                let more = "\(glyphs.ellipsis) Enter: all"
                let room = max(0, inner.width - 1 - CharacterWidth.of(more) - 1)
                var last = CharacterWidth.truncate(wrapped[inner.height - 1], to: room, ellipsis: "")
                // At a word's end, where there is one.
                if last != wrapped[inner.height - 1], let space = last.lastIndex(of: " ") {
                    last = String(last[..<space])
                }
                wrapped = Array(wrapped.prefix(inner.height - 1)) + [last + " " + more]
            }
            for (number, text) in wrapped.enumerated() {
                frame.put(text, x: inner.x + 1, y: inner.y + number, limit: inner.width - 1, role: .dim)
            }
        }
    }

    /// The large pane: diff, stage detail or rows.
    private static func drawMain(_ state: AppState, frame: inout Frame, layout: Layout) {
        let rect = layout.main
        let inner = rect.inner
        let glyphs = state.options.glyphs
        let focused = state.focus == .diff
        switch state.main {
        case .rows:
            frame.box(
                rect, title: "\(Pane.diff.rawValue) " + (state.browser.page.map(BrowserView.rowsTitle) ?? "Rows"),
                focused: focused, glyphs: glyphs)
            BrowserView.draw(
                state, in: &frame, rect: Rect(x: inner.x + 1, y: inner.y, width: inner.width - 1, height: inner.height),
                focused: focused)
        case .diff, .stage:
            let title: String
            let lines: [Line]
            if case .stage(let index) = state.main {
                title = StageDetailView.title(state, index: index)
                lines = StageDetailView.lines(state, index: index, width: inner.width - 1)
            } else {
                title = DiffView.title(state, glyphs: glyphs) + (state.filters[.diff].map { " /\($0)" } ?? "")
                lines = DiffView.lines(state, width: inner.width - 1)
            }
            frame.box(rect, title: "\(Pane.diff.rawValue) \(title)", focused: focused, glyphs: glyphs)
            let scroll = state.cursor(.diff).scroll
            for (row, line) in lines.dropFirst(scroll).prefix(inner.height).enumerated() {
                line.draw(
                    in: &frame, x: inner.x + 1, y: inner.y + row, limit: inner.width - 1, ellipsis: glyphs.ellipsis)
            }
            if lines.count > inner.height {
                drawPosition(
                    first: scroll, shown: inner.height, count: lines.count, rect: rect, glyphs: glyphs, in: &frame)
            }
        }
    }

    /// " ↑ 11–20/42 ↓ " in a box's bottom edge: which items show, with arrows where more are above or below.
    static func drawPosition(first: Int, shown: Int, count: Int, rect: Rect, glyphs: Glyphs, in frame: inout Frame) {
        let last = min(count, first + shown)
        let up = first > 0 ? "↑ " : ""
        let down = last < count ? " ↓" : ""
        let text = " \(up)\(first + 1)–\(last)/\(count)\(down) "
        let x = max(rect.x + 1, rect.x + rect.width - CharacterWidth.of(text) - 2)
        frame.put(text, x: x, y: rect.y + rect.height - 1, limit: rect.width - 2, role: .dim)
    }

    /// Below the minimum size: what the size is and what is needed.
    private static func drawTooSmall(_ state: AppState, in frame: inout Frame) {
        let lines = Line.wrap(
            "Terminal too small: \(state.width)x\(state.height). Strata needs at least \(Layout.minimumWidth)x\(Layout.minimumHeight). Enlarge the window, or press q to quit.",
            width: max(1, state.width - 2))
        for (row, text) in lines.prefix(state.height).enumerated() {
            frame.put(text, x: 1, y: max(0, state.height / 2 - lines.count / 2) + row, role: .warning, style: .bold)
        }
    }
}
