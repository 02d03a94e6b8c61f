import Foundation
import Strata

/// Keys of the `/` line: a list's filter as it is typed, the rows view's conditions on Enter.
extension KeyReducer {
    /// `/`: opens the filter line with the focused pane's filter (or the rows' conditions) to edit.
    static func startFilter(_ state: inout AppState) {
        guard state.focus != .progress else {
            state.say("The Progress pane has no filter.", .warning)
            return
        }
        let current =
            state.focus == .diff && state.main == .rows
            ? state.browser.page?.filter.map(\.description).joined(separator: " ")
            : state.filters[state.focus]
        state.filterBefore = current
        state.filterInput = current ?? ""
    }

    /// The `/` line: typing (a list's filter applies as it is typed), Ctrl-U to clear it, Enter to apply, Esc to
    /// cancel (a list's filter goes back to what it was).
    static func filterKey(_ state: inout AppState, _ key: Key) -> [Effect] {
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
    static func setListFilter(_ state: inout AppState, _ text: String?) {
        state.filters[state.focus] = text?.isEmpty == false ? text : nil
        state.cursors[state.focus] = ListCursor()
    }
}
