/// Keys of the focused pane: movement, Enter (drill in), Esc (back), and picking the versions diffed.
extension KeyReducer {
    /// Movement and Enter in the focused pane.
    static func paneKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        let pane = state.focus
        if pane == .diff, state.main == .rows { return rowsKey(&state, key) }
        let count = state.itemCount(pane)
        let visible = state.visibleRows(pane)
        var cursor = state.cursor(pane)
        let scrolls = pane == .diff || pane == .progress
        func move(_ delta: Int) {
            if scrolls {
                let limit = max(0, count - visible)
                // The log scrolls up from its newest line.
                cursor.scroll =
                    pane == .progress
                    ? min(max(cursor.scroll - delta, 0), limit)
                    : min(max(cursor.scroll + delta, 0), limit)
            } else {
                cursor.move(delta, count: count, visible: visible)
            }
        }
        switch key {
        case .down, .character("j"): move(1)
        case .up, .character("k"): move(-1)
        case .pageDown: move(visible)
        case .pageUp: move(-visible)
        case .home, .character("g"): move(-count)
        case .end, .character("G"): move(count)
        case .enter: return enter(&state)
        case .character("w") where pane == .diff && state.main == .diff:
            showStagePreview(&state)
        case .character("c") where pane == .browser:
            guard let index = selectedIndex(state, .browser) else { return [] }
            return toggleChanges(&state, entity: state.browser.entities[index].name)
        case .character("f") where pane == .versions, .character("t") where pane == .versions:
            guard let index = selectedIndex(state, .versions) else { return [] }
            guard state.versions.count > 1 else {
                state.say(noPlanHint, .warning)
                return []
            }
            if key == .character("f") { state.diffFrom = index } else { state.diffTo = index }
            return pickedVersions(&state)
        default: return []
        }
        state.cursors[pane] = cursor
        return []
    }

    /// The model index of the selected item of a list pane.
    static func selectedIndex(_ state: AppState, _ pane: Pane) -> Int? {
        let items =
            switch pane {
            case .versions: state.visibleVersions
            case .stages: state.visibleStages
            case .browser: state.visibleEntities
            default: [Int]()
            }
        let selected = state.cursor(pane).selected
        return items.indices.contains(selected) ? items[selected] : nil
    }

    /// Enter: diff a version with the next, open a stage's detail, open an entity's rows.
    static func enter(_ state: inout AppState) -> [Effect] {
        switch state.focus {
        case .versions:
            guard let index = selectedIndex(state, .versions), state.versions.count > 1 else { return [] }
            let other = index + 1 < state.versions.count ? index + 1 : index - 1
            (state.diffFrom, state.diffTo) = (min(index, other), max(index, other))
            return pickedVersions(&state)
        case .stages:
            guard let index = selectedIndex(state, .stages) else {
                if let note = state.stagesNote {
                    state.overlay = .text(TextOverlay(title: "Stages", paragraphs: note.components(separatedBy: "\n")))
                }
                return []
            }
            state.main = .stage(index)
            state.cursors[.diff] = ListCursor()
            state.focus = .diff
        case .browser:
            guard let index = selectedIndex(state, .browser) else { return [] }
            let entity = state.browser.entities[index].name
            state.browser.page = RowsPage(entity: entity)
            state.main = .rows
            state.focus = .diff
            return [.loadRows(entity: entity, offset: 0, limit: Reducer.rowsPageSize(state), filter: [])]
        case .progress:
            if !state.log.isEmpty {
                var text = TextOverlay(title: "Log", paragraphs: state.log)
                text.scroll = Int.max / 2
                state.overlay = .text(text)
            }
        case .diff:
            break
        }
        return []
    }

    /// How the note that the Diff shows one version's schema begins.
    static let sameEnds = "Both ends of the diff are"

    /// After the diffed versions changed: show the diff, recompute it and ask for its data counts.
    static func pickedVersions(_ state: inout AppState) -> [Effect] {
        state.recomputeDiff()
        state.findingsNote = nil
        state.main = .diff
        state.cursors[.diff] = ListCursor()
        // A warning, or the note that both ends were one version, no longer applies to the new pair.
        if state.message?.level == .warning || state.message?.text.hasPrefix(Self.sameEnds) == true {
            state.message = nil
        }
        if state.diffFrom == state.diffTo {
            state.say(
                "\(Self.sameEnds) \(state.versions[state.diffFrom].label): the Diff pane shows its schema.")
        }
        return [.loadFindings(from: state.diffFrom, to: state.diffTo)]
    }

    /// Esc: clear the rows' filter, else back from a drill-in, else clear the focused pane's filter.
    static func escape(_ state: inout AppState) -> [Effect] {
        switch state.main {
        case .stage:
            state.main = .diff
            state.cursors[.diff] = ListCursor()
            state.focus = .stages
        case .rows:
            // A filter is cleared first; the next Esc closes the rows.
            if let page = state.browser.page, !page.filter.isEmpty, !page.loading {
                state.browser.page?.loading = true
                state.browser.page?.selected = 0
                return [.loadRows(entity: page.entity, offset: 0, limit: Reducer.rowsPageSize(state), filter: [])]
            }
            state.main = .diff
            state.cursors[.diff] = ListCursor()
            state.focus = .browser
        case .diff:
            if state.filters[state.focus] != nil {
                state.filters[state.focus] = nil
                state.cursors[state.focus] = ListCursor()
            }
        }
        return []
    }
}
