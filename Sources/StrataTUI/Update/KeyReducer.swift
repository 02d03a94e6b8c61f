import Foundation

/// What keys do: overlays and the filter line first, then global keys, then the focused pane's keys. Each
/// concern is in its own file: overlays, the filter line, running stages, panes, the rows view.
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
        case .character("y"): return copy(&state)
        case .character("e"): return export(&state)
        case .character("/"): startFilter(&state)
        case .escape: return escape(&state)
        default: return paneKey(&state, key)
        }
        return []
    }
}
