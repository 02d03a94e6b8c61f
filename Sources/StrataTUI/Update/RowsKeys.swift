/// Keys of the rows view: rows, pages, columns, a row in full.
extension KeyReducer {
    /// Keys of the rows view: rows, pages, columns.
    static func rowsKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        guard var page = state.browser.page, !page.loading else { return [] }
        if key == .character("c") { return toggleChanges(&state, entity: page.entity) }
        let size = Reducer.rowsPageSize(state)
        // The last page is a full one: it ends at the last row.
        let lastOffset = max(0, page.total - size)
        func load(_ offset: Int) -> [Effect] {
            let offset = min(max(0, offset), lastOffset)
            guard offset != page.offset else { return [] }
            page.loading = true
            page.selected = 0
            state.browser.page = page
            if let changes = page.changes {
                return [.loadChanges(entity: page.entity, kind: changes.kind, offset: offset, limit: size)]
            }
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
        case .character("f"):
            guard var changes = page.changes else { return [] }
            changes.kind = changes.nextKind
            page.changes = changes
            page.offset = 0
            page.loading = true
            page.selected = 0
            state.browser.page = page
            return [.loadChanges(entity: page.entity, kind: changes.kind, offset: 0, limit: size)]
        case .enter where page.changes != nil:
            guard let changes = page.changes, changes.rows.indices.contains(page.selected) else { return [] }
            state.overlay = .text(changeOverlay(page, changes.rows[page.selected], glyphs: state.options.glyphs))
            return []
        case .enter:
            guard page.rows.indices.contains(page.selected) else { return [] }
            let row = page.rows[page.selected]
            state.overlay = .text(
                TextOverlay(
                    title:
                        "\(page.entity) row \(Formatting.count(page.offset + page.selected + 1)) of \(Formatting.count(page.total))",
                    paragraphs: RowDetail.paragraphs(columns: page.columns, row: row) + page.notes.map { "Note: \($0)" }
                ))
            return []
        case .right, .character("l"): page.columnOffset = min(page.columnOffset + 1, max(0, page.columns.count - 2))
        case .left, .character("h"): page.columnOffset = max(0, page.columnOffset - 1)
        default: return []
        }
        state.browser.page = page
        return []
    }

    /// `c`: the entity's rows as changes since the store's version, or back to its rows at the copy's version.
    static func toggleChanges(_ state: inout AppState, entity: String) -> [Effect] {
        let size = Reducer.rowsPageSize(state)
        if state.browser.page?.changes != nil, state.main == .rows {
            state.browser.page = RowsPage(entity: entity)
            return [.loadRows(entity: entity, offset: 0, limit: size, filter: [])]
        }
        guard let since = state.changesSince else {
            let stopped = state.stages.last { $0.status == .failed || $0.status == .cancelled }
            if state.mode == .dryRun, let stopped {
                state.say(
                    "Stage \(stopped.id.label(state.options.glyphs)) \(stopped.status.rawValue) and rolled back: no stage has changed the copy's rows yet. Enter on it in the Stages pane shows why; n runs it again.",
                    .warning)
                return []
            }
            state.say(
                state.mode == .dryRun
                    ? "No stage has run on the copy yet: n runs the next one, then c shows what it did to the rows."
                    : "c shows the rows a dry run changed: press m for dry-run mode, then n.", .warning)
            return []
        }
        var page = RowsPage(entity: entity)
        page.changes = RowChangesView(since: since)
        state.browser.page = page
        state.main = .rows
        state.focus = .diff
        return [.loadChanges(entity: entity, kind: nil, offset: 0, limit: size)]
    }

    /// Enter on a change: every property before and after, changed ones marked.
    static func changeOverlay(_ page: RowsPage, _ row: ChangedRow, glyphs: Glyphs) -> TextOverlay {
        let names = page.columns.dropFirst()
        return TextOverlay(
            title: "\(page.entity) \(row.key): \(row.kind.rawValue) since \(page.changes?.since ?? "the store")",
            paragraphs: zip(names, row.cells).map { name, cell in
                "\(cell.changed ? "* " : "  ")\(name): \(cell.before ?? "–") \(glyphs.arrow) \(cell.after ?? "–")"
            })
    }
}
