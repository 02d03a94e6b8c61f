/// What the mouse does: a click focuses the pane under it and selects the row clicked; the wheel scrolls the
/// pane under it. Keys stay the primary interface: each mouse action does what keys could.
enum MouseReducer {
    /// A click at a cell.
    static func click(_ state: inout AppState, x: Int, y: Int) -> [Effect] {
        let layout = Layout(state)
        guard layout.fits, let pane = Pane.allCases.first(where: { layout.rect($0).contains(x: x, y: y) }) else {
            return []
        }
        state.focus = pane
        let inner = layout.rect(pane).inner
        guard inner.contains(x: x, y: y) else { return [] }
        let row = y - inner.y
        switch pane {
        case .versions, .browser, .stages:
            var cursor = state.cursor(pane)
            let index = cursor.scroll + (pane == .stages ? row / 2 : row)
            guard index < state.itemCount(pane) else { return [] }
            cursor.selected = index
            state.cursors[pane] = cursor
        case .diff:
            guard state.main == .rows, var page = state.browser.page, !page.loading, row >= 2, row - 2 < page.rows.count
            else { return [] }
            page.selected = row - 2
            state.browser.page = page
        case .progress:
            break
        }
        return []
    }

    /// A wheel turn over a cell: three lines of the pane under it (which takes the focus).
    static func wheel(_ state: inout AppState, x: Int, y: Int, down: Bool) -> [Effect] {
        let layout = Layout(state)
        guard layout.fits, let pane = Pane.allCases.first(where: { layout.rect($0).contains(x: x, y: y) }) else {
            return []
        }
        state.focus = pane
        return (0..<3).flatMap { _ in KeyReducer.reduce(&state, down ? .down : .up) }
    }
}
