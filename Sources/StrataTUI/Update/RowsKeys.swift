/// Keys of the rows view: rows, pages, columns, a row in full.
extension KeyReducer {
    /// Keys of the rows view: rows, pages, columns.
    static func rowsKey(_ state: inout AppState, _ key: Key) -> [Effect] {
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
}
