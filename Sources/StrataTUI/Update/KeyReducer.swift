import Foundation
import Strata

/// What keys do: overlays and the filter line first, then global keys, then the focused pane's keys.
enum KeyReducer {
    /// Applies a key.
    static func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        if let overlay = state.overlay {
            switch key {
            case .wheel(_, _, let down): return overlayKey(&state, overlay, down ? .down : .up)
            case .click: return []
            default: return overlayKey(&state, overlay, key)
            }
        }
        switch key {
        case .click(let x, let y): return MouseReducer.click(&state, x: x, y: y)
        case .wheel(let x, let y, let down): return MouseReducer.wheel(&state, x: x, y: y, down: down)
        default: break
        }
        if state.filterInput != nil { return filterKey(&state, key) }
        switch key {
        case .interrupt:
            if state.running { return cancel(&state) }
            state.quitting = true
            return [.quit]
        case .character("q"):
            if state.running {
                state.overlay = .quitWhileRunning
                return []
            }
            state.quitting = true
            return [.quit]
        case .character("?"):
            state.overlay = .help(scroll: 0)
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
            let current =
                state.focus == .diff && state.main == .rows
                ? state.browser.page?.filter.map(\.description).joined(separator: " ")
                : state.filters[state.focus]
            state.filterBefore = current
            state.filterInput = current ?? ""
        case .escape: return escape(&state)
        default: return paneKey(&state, key)
        }
        return []
    }

    /// Asks the running stage to stop (once): it rolls back at its next step, chunk, fetch or save.
    static func cancel(_ state: inout AppState) -> [Effect] {
        guard !state.cancelling else { return [] }
        state.cancelling = true
        state.say(
            state.quitWhenStopped
                ? "Cancelling the running stage, then quitting: it rolls back…"
                : "Cancelling the running stage: it rolls back…", .warning)
        return [.cancel]
    }

    /// Help and texts scroll and close; `q` while running asks to cancel; a confirmation takes typed characters,
    /// Enter and Esc.
    private static func overlayKey(_ state: inout AppState, _ overlay: Overlay, _ key: Key) -> [Effect] {
        switch overlay {
        case .help(let scroll):
            let lines = OverlayView.helpLines(state).count
            if let moved = scrolled(scroll, key, page: OverlayView.pageHeight(state), count: lines) {
                state.overlay = .help(scroll: moved)
            } else {
                state.overlay = nil
            }
            return []
        case .text(var text):
            let lines = OverlayView.textLines(text, state: state).count
            if let moved = scrolled(text.scroll, key, page: OverlayView.pageHeight(state), count: lines) {
                text.scroll = moved
                state.overlay = .text(text)
            } else {
                state.overlay = nil
            }
            return []
        case .quitWhileRunning:
            state.overlay = nil
            switch key {
            case .character("q"), .character("y"), .enter, .interrupt:
                guard state.running else {
                    state.quitting = true
                    return [.quit]
                }
                state.quitWhenStopped = true
                return cancel(&state)
            default:
                state.say("The stage keeps running; q asks again, Ctrl-C cancels it.")
                return []
            }
        case .confirm(let confirmation):
            return confirmKey(&state, confirmation, key)
        }
    }

    /// A scroll position over `count` lines seen `page` at a time, moved by a key; nil for a key that closes.
    private static func scrolled(_ scroll: Int, _ key: Key, page: Int, count: Int) -> Int? {
        let step = max(1, page - 1)
        let moved: Int
        switch key {
        case .down, .character("j"): moved = scroll + 1
        case .up, .character("k"): moved = scroll - 1
        case .pageDown, .character(" "): moved = scroll + step
        case .pageUp: moved = scroll - step
        case .home, .character("g"): moved = 0
        case .end, .character("G"): moved = count
        default: return nil
        }
        return max(0, min(moved, count - page))
    }

    /// A confirmation takes typed characters, Enter and Esc.
    private static func confirmKey(_ state: inout AppState, _ confirmation: Confirmation, _ key: Key) -> [Effect] {
        var confirmation = confirmation
        switch key {
        case .escape, .interrupt:
            state.overlay = nil
            state.say("Not confirmed: nothing was written.")
        case .backspace:
            confirmation.typed = String(confirmation.typed.dropLast())
            state.overlay = .confirm(confirmation)
        case .clearLine:
            confirmation.typed = ""
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
                return startRun(&state, all: all)
            }
        default: break
        }
        return []
    }

    /// The `/` line: typing (a list's filter applies as it is typed), Ctrl-U to clear it, Enter to apply, Esc to
    /// cancel (a list's filter goes back to what it was).
    private static func filterKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        let input = state.filterInput ?? ""
        let rows = state.focus == .diff && state.main == .rows
        var typed = input
        switch key {
        case .escape, .interrupt:
            state.filterInput = nil
            if !rows { setListFilter(&state, state.filterBefore) }
            return []
        case .backspace: typed = String(input.dropLast())
        case .clearLine: typed = ""
        case .character(let character): typed = input + String(character)
        case .enter:
            state.filterInput = nil
            guard rows, var page = state.browser.page else { return [] }
            do {
                let filter = try RowFilter.parseLine(input)
                page.loading = true
                page.selected = 0
                state.browser.page = page
                return [.loadRows(entity: page.entity, offset: 0, limit: Reducer.rowsPageSize(state), filter: filter)]
            } catch {
                state.say("\(error)", .warning)
                return []
            }
        default: return []
        }
        state.filterInput = typed
        if !rows { setListFilter(&state, typed) }
        return []
    }

    /// Sets the focused list's filter (empty: none) and moves its cursor to the first match.
    private static func setListFilter(_ state: inout AppState, _ text: String?) {
        state.filters[state.focus] = text?.isEmpty == false ? text : nil
        state.cursors[state.focus] = ListCursor()
    }

    /// Esc: clear the rows' filter, else back from a drill-in, else clear the focused pane's filter.
    private static func escape(_ state: inout AppState) -> [Effect] {
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
        guard let next = state.stages.first(where: { $0.isRunnable }) else {
            state.say(
                state.planName == nil ? noPlanHint : state.stagesNote ?? "Nothing to run: at the target version.",
                .warning)
            return []
        }
        guard state.mode == .apply else {
            return startRun(&state, all: all)
        }
        let last = state.stages.last(where: { $0.isRunnable }) ?? next
        let versions = StageID(from: next.id.from, to: (all ? last : next).id.to).label(state.options.glyphs)
        state.overlay = .confirm(
            Confirmation(
                subject: .apply(all: all),
                lines: [
                    "Migrate the store \(versions)\(all ? " (every remaining stage)" : ""):", state.storePath,
                    "Each stage is one transaction: a failure or Ctrl-C rolls it back.",
                ],
                word: "yes"))
        return []
    }

    /// Starts a run: the Progress pane says it is starting (opening the store may wait for its lock) until the
    /// first stage reports.
    private static func startRun(_ state: inout AppState, all: Bool) -> [Effect] {
        state.running = true
        state.progress = nil
        state.runStartedAt = state.now
        return [.run(all: all)]
    }

    /// What to do instead of migrating a read-only (SwiftData or Core Data) store.
    static func readOnlyHint(_ state: AppState) -> String {
        let name = state.storePath.split(separator: "/").last.map(String.init) ?? state.storePath
        let plan = state.planName.map { " --plan \($0)" } ?? " --plan NAME"
        let version = state.matchIndex.map { " --as \(state.schemas[$0].version?.description ?? "")" } ?? ""
        return
            "READ ONLY: a SwiftData / Core Data store is never written. To dry-run the plan on its rows: strata import \(name) copy.store\(plan)\(version), then strata open copy.store\(plan)."
    }

    /// How to add a plan to a store opened without one.
    static let noPlanHint =
        "No plan: this store is browsed only. Open it with --plan NAME to diff its versions and dry-run the plan's stages."

    /// `m`: to apply mode after a typed confirmation; back to dry run at once.
    private static func switchMode(_ state: inout AppState) -> [Effect] {
        if state.planName == nil || !state.stages.contains(where: { $0.isRunnable }) && state.mode == .dryRun {
            state.say(
                state.planName == nil ? noPlanHint : state.stagesNote ?? "Nothing to run: at the target version.",
                .warning)
            return []
        }
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
        state.overlay = .confirm(
            Confirmation(
                subject: .switchToApply,
                lines: [
                    "Switch to APPLY mode? n and r will then migrate the store itself:", state.storePath,
                    "from \(state.storeVersion) to \(target); each run asks again before it writes.",
                ],
                word: "apply"))
        return []
    }

    /// Movement and Enter in the focused pane.
    private static func paneKey(_ state: inout AppState, _ key: Key) -> [Effect] {
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
    private static func enter(_ state: inout AppState) -> [Effect] {
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

    /// After the diffed versions changed: show the diff, recompute it and ask for its data counts.
    private static func pickedVersions(_ state: inout AppState) -> [Effect] {
        state.recomputeDiff()
        state.findingsNote = nil
        state.main = .diff
        state.cursors[.diff] = ListCursor()
        if state.message?.level == .warning { state.message = nil }
        if state.diffFrom == state.diffTo {
            state.say("Both ends of the diff are \(state.versions[state.diffFrom].version): no changes.", .warning)
        }
        return [.loadFindings(from: state.diffFrom, to: state.diffTo)]
    }

    /// Keys of the rows view: rows, pages, columns.
    private static func rowsKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        guard var page = state.browser.page, !page.loading else { return [] }
        let size = Reducer.rowsPageSize(state)
        // The last page is a full one: it ends at the last row.
        let lastOffset = max(0, page.total - size)
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
        case .enter:
            guard page.rows.indices.contains(page.selected) else { return [] }
            let row = page.rows[page.selected]
            state.overlay = .text(
                TextOverlay(
                    title:
                        "\(page.entity) row \(Formatting.count(page.offset + page.selected + 1)) of \(Formatting.count(page.total))",
                    paragraphs: zip(page.columns, row).map { "\($0): \($1)" }))
            return []
        case .right, .character("l"): page.columnOffset = min(page.columnOffset + 1, max(0, page.columns.count - 2))
        case .left, .character("h"): page.columnOffset = max(0, page.columnOffset - 1)
        default: return []
        }
        state.browser.page = page
        return []
    }
}
