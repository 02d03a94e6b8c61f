import Foundation

/// What keys do: overlays and the filter line first, then global keys, then the focused pane's keys.
enum KeyReducer {
    /// Applies a key.
    static func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        if let overlay = state.overlay { return overlayKey(&state, overlay, key) }
        if state.filterInput != nil { return filterKey(&state, key) }
        switch key {
        case .interrupt:
            if state.running {
                state.cancelling = true
                state.say("Cancelling the running stage: it rolls back…", .warning)
                return [.cancel]
            }
            state.quitting = true
            return [.quit]
        case .character("q"):
            state.quitting = true
            return state.running ? [.cancel, .quit] : [.quit]
        case .character("?"):
            state.overlay = .help
        case .tab: state.focus = state.focus.next
        case .backTab: state.focus = state.focus.previous
        case .character(let digit) where ("1"..."5").contains(digit):
            state.focus = Pane(rawValue: Int(String(digit)) ?? 1) ?? .versions
        case .character("n"): return run(&state, all: false)
        case .character("r"): return run(&state, all: true)
        case .character("m"): return switchMode(&state)
        case .character("/"):
            guard state.focus != .progress else {
                state.say("The Progress pane has no filter.", .warning)
                return []
            }
            let current = state.focus == .diff && state.main == .rows
                ? state.browser.page?.filter.map { "\($0.column)=\($0.value)" }.joined(separator: " ")
                : state.filters[state.focus]
            state.filterInput = current ?? ""
        case .escape: escape(&state)
        default: return paneKey(&state, key)
        }
        return []
    }

    /// Help closes on any key; a confirmation takes typed characters, Enter and Esc.
    private static func overlayKey(_ state: inout AppState, _ overlay: Overlay, _ key: Key) -> [Effect] {
        guard case .confirm(var confirmation) = overlay else {
            state.overlay = nil
            return []
        }
        switch key {
        case .escape, .interrupt:
            state.overlay = nil
            state.say("Not confirmed: nothing was written.")
        case .backspace:
            confirmation.typed = String(confirmation.typed.dropLast())
            state.overlay = .confirm(confirmation)
        case .character(let character):
            confirmation.typed.append(character)
            state.overlay = .confirm(confirmation)
        case .enter:
            guard confirmation.typed == confirmation.word else {
                confirmation.typed = ""
                state.overlay = .confirm(confirmation)
                state.say("Type \(confirmation.word) exactly to confirm, or Esc to cancel.", .warning)
                return []
            }
            state.overlay = nil
            switch confirmation.subject {
            case .switchToApply:
                state.mode = .apply
                state.say("APPLY mode: n and r now write \(state.storePath) after a confirmation.", .warning)
                return [.switchMode(.apply)]
            case .apply(let all):
                state.running = true
                return [.run(all: all)]
            }
        default: break
        }
        return []
    }

    /// The `/` line: typing, Enter to apply, Esc to cancel.
    private static func filterKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        let input = state.filterInput ?? ""
        switch key {
        case .escape, .interrupt: state.filterInput = nil
        case .backspace: state.filterInput = String(input.dropLast())
        case .character(let character): state.filterInput = input + String(character)
        case .enter:
            state.filterInput = nil
            if state.focus == .diff, state.main == .rows, let page = state.browser.page {
                guard let filter = parseRowFilter(input) else {
                    state.say("Filter rows as column=value (for example title=Dune), several separated by spaces.", .warning)
                    return []
                }
                state.browser.page = RowsPage(entity: page.entity, filter: filter)
                return [.loadRows(entity: page.entity, offset: 0, limit: Reducer.rowsPageSize(state), filter: filter)]
            }
            state.filters[state.focus] = input.isEmpty ? nil : input
            state.cursors[state.focus] = ListCursor()
        default: break
        }
        return []
    }

    /// "a=1 b=x" as filters; nil when a part has no `=`.
    static func parseRowFilter(_ text: String) -> [RowFilter]? {
        var filters: [RowFilter] = []
        for part in text.split(separator: " ") {
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else { return nil }
            filters.append(RowFilter(column: String(part[..<equals]), value: String(part[part.index(after: equals)...])))
        }
        return filters
    }

    /// Esc: back from a drill-in, else clear the focused pane's filter.
    private static func escape(_ state: inout AppState) {
        switch state.main {
        case .stage:
            state.main = .diff
            state.cursors[.diff] = ListCursor()
            state.focus = .stages
        case .rows:
            state.main = .diff
            state.cursors[.diff] = ListCursor()
            state.focus = .browser
        case .diff:
            if state.filters[state.focus] != nil {
                state.filters[state.focus] = nil
                state.cursors[state.focus] = ListCursor()
            }
        }
    }

    /// `n` and `r`: in dry run they start at once on the copy; in apply mode they ask first.
    private static func run(_ state: inout AppState, all: Bool) -> [Effect] {
        if state.mode == .readOnly {
            state.say(readOnlyHint(state), .warning)
            return []
        }
        if state.running {
            state.say("A stage is running; Ctrl-C cancels it.", .warning)
            return []
        }
        guard let next = state.stages.first(where: { $0.status == .pending }) else {
            state.say(state.planName == nil ? "No plan: open the store with --plan NAME to migrate it." : "Nothing to run: at the target version.", .warning)
            return []
        }
        guard state.mode == .apply else {
            state.running = true
            return [.run(all: all)]
        }
        let last = state.stages.last(where: { $0.status == .pending }) ?? next
        let versions = all ? "\(next.title.components(separatedBy: " -> ").first ?? "") -> \(last.title.components(separatedBy: " -> ").last ?? "")" : next.title
        state.overlay = .confirm(Confirmation(
            subject: .apply(all: all),
            lines: ["Migrate the store \(versions)\(all ? " (every remaining stage)" : ""):", state.storePath,
                    "Each stage is one transaction: a failure or Ctrl-C rolls it back."],
            word: "yes"))
        return []
    }

    /// What to do instead of migrating a read-only (SwiftData or Core Data) store.
    static func readOnlyHint(_ state: AppState) -> String {
        let name = state.storePath.split(separator: "/").last.map(String.init) ?? state.storePath
        let plan = state.planName.map { " --plan \($0)" } ?? " --plan NAME"
        let version = state.matchIndex.map { " --as \(state.schemas[$0].version?.description ?? "")" } ?? ""
        return "READ ONLY: a SwiftData / Core Data store is never written. To dry-run the plan on its rows: strata import \(name) copy.store\(plan)\(version), then strata open copy.store\(plan)."
    }

    /// `m`: to apply mode after a typed confirmation; back to dry run at once.
    private static func switchMode(_ state: inout AppState) -> [Effect] {
        if state.mode == .readOnly {
            state.say(readOnlyHint(state), .warning)
            return []
        }
        if state.running {
            state.say("A stage is running; the mode can change once it ends.", .warning)
            return []
        }
        if state.mode == .apply {
            state.mode = .dryRun
            state.say("DRY RUN mode: n and r work on a fresh private copy.")
            return [.switchMode(.dryRun)]
        }
        let target = state.targetIndex.map { state.versions[$0].version } ?? "?"
        state.overlay = .confirm(Confirmation(
            subject: .switchToApply,
            lines: ["Switch to APPLY mode? n and r will then migrate the store itself:", state.storePath,
                    "from \(state.storeVersion) to \(target); each run asks again before it writes."],
            word: "apply"))
        return []
    }

    /// Movement and Enter in the focused pane.
    private static func paneKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        let pane = state.focus
        if pane == .diff, state.main == .rows { return rowsKey(&state, key) }
        let count = state.itemCount(pane), visible = state.visibleRows(pane)
        var cursor = state.cursor(pane)
        let scrolls = pane == .diff || pane == .progress
        func move(_ delta: Int) {
            if scrolls {
                let limit = max(0, count - visible)
                cursor.scroll = pane == .progress
                    ? min(max(cursor.scroll - delta, 0), max(0, count - 1))
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
        case .character("f") where pane == .versions, .character("t") where pane == .versions:
            guard let index = selectedIndex(state, .versions) else { return [] }
            if key == .character("f") { state.diffFrom = index } else { state.diffTo = index }
            return pickedVersions(&state)
        default: return []
        }
        state.cursors[pane] = cursor
        return []
    }

    /// The model index of the selected item of a list pane.
    static func selectedIndex(_ state: AppState, _ pane: Pane) -> Int? {
        let items = switch pane {
        case .versions: state.visibleVersions
        case .stages: state.visibleStages
        case .browser: state.visibleEntities
        default: [Int]()
        }
        let selected = state.cursor(pane).selected
        return items.indices.contains(selected) ? items[selected] : nil
    }

    /// Enter: diff a version with the next, open a stage's detail, open an entity's rows.
    private static func enter(_ state: inout AppState) -> [Effect] {
        switch state.focus {
        case .versions:
            guard let index = selectedIndex(state, .versions), state.versions.count > 1 else { return [] }
            let other = index + 1 < state.versions.count ? index + 1 : index - 1
            (state.diffFrom, state.diffTo) = (min(index, other), max(index, other))
            return pickedVersions(&state)
        case .stages:
            guard let index = selectedIndex(state, .stages) else { return [] }
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
        case .diff, .progress:
            break
        }
        return []
    }

    /// After the diffed versions changed: show the diff, recompute it and ask for its data counts.
    private static func pickedVersions(_ state: inout AppState) -> [Effect] {
        state.recomputeDiff()
        state.findingsNote = nil
        state.main = .diff
        state.cursors[.diff] = ListCursor()
        if state.diffFrom == state.diffTo { state.say("Both ends of the diff are \(state.versions[state.diffFrom].version): no changes.", .warning) }
        return [.loadFindings(from: state.diffFrom, to: state.diffTo)]
    }

    /// Keys of the rows view: rows, pages, columns.
    private static func rowsKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        guard var page = state.browser.page, !page.loading else { return [] }
        let size = Reducer.rowsPageSize(state)
        let lastOffset = max(0, (page.total - 1) / size * size)
        func load(_ offset: Int) -> [Effect] {
            let offset = min(max(0, offset), lastOffset)
            guard offset != page.offset else { return [] }
            page.loading = true
            page.selected = 0
            state.browser.page = page
            return [.loadRows(entity: page.entity, offset: offset, limit: size, filter: page.filter)]
        }
        switch key {
        case .down, .character("j"):
            if page.selected + 1 >= page.rows.count { return load(page.offset + size) }
            page.selected += 1
        case .up, .character("k"): page.selected = max(0, page.selected - 1)
        case .pageDown: return load(page.offset + size)
        case .pageUp: return load(page.offset - size)
        case .home, .character("g"): return load(0)
        case .end, .character("G"): return load(lastOffset)
        case .right, .character("l"): page.columnOffset = min(page.columnOffset + 1, max(0, page.columns.count - 1))
        case .left, .character("h"): page.columnOffset = max(0, page.columnOffset - 1)
        default: return []
        }
        state.browser.page = page
        return []
    }
}
