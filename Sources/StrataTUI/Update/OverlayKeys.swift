/// Keys while an overlay covers the panes: help and long texts scroll, the quit question, typed confirmations.
extension KeyReducer {
    /// Help and texts scroll and close; `q` while running asks to cancel; a confirmation takes typed characters,
    /// Enter and Esc.
    static func overlayKey(_ state: inout AppState, _ overlay: Overlay, _ key: Key) -> [Effect] {
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
            if key == .character("y") {
                state.say("Copied \(text.title) to the clipboard.")
                return [.copy(text.paragraphs.joined(separator: "\n"))]
            }
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
    static func scrolled(_ scroll: Int, _ key: Key, page: Int, count: Int) -> Int? {
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
    static func confirmKey(_ state: inout AppState, _ confirmation: Confirmation, _ key: Key) -> [Effect] {
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
                // The stages the dry run ran on its copy are still to run on the store (the re-plan that follows says
                // the same): `n` and `r` pressed before it arrives run them, in order, on the migrations queue.
                for index in state.stages.indices where state.stages[index].status != .applied {
                    state.stages[index].status = .pending
                    (state.stages[index].duration, state.stages[index].rows) = (nil, nil)
                    state.stages[index].message = nil
                }
                state.say("APPLY mode: n and r now write \(state.storePath) after a confirmation.")
                return [.switchMode(.apply)]
            case .apply(let all):
                return startRun(&state, all: all)
            }
        default: break
        }
        return []
    }
}
