import Foundation

/// Runs the UI: draws the state, reads a key with a short timeout, drains background results, ticks the clock
/// and starts effects, until the user quits. The screen never waits on background work.
package enum EventLoop {
    /// How long one wait for input lasts: at most this long between frames (20 a second while idle or busy).
    package static let frameMilliseconds = 50

    /// Runs a session on a terminal until quit, drawing with `options` when given; `clock` gives seconds.
    package static func run(
        _ session: Session, on terminal: Terminal, options: RenderOptions? = nil,
        clock: () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    ) {
        var state = session.initialState
        if let options { state.options = options }
        let size = terminal.size()
        state.width = size.width
        state.height = size.height
        state.now = clock()
        var effects = session.initialEffects
        var dirty = true
        while true {
            // Copies go to the terminal; everything else is the session's work.
            for effect in effects {
                if case .copy(let text) = effect { terminal.copy(text) } else { session.perform(effect) }
            }
            effects = []
            if state.quitting { break }
            // Frames are drawn after a change, and continuously while work runs or a message shows.
            if dirty || state.running || state.visibleMessage != nil { terminal.draw(Renderer.render(state)) }
            dirty = false
            switch terminal.nextInput(timeout: frameMilliseconds) {
            case .key(let key)?:
                effects += Reducer.reduce(&state, .key(key))
                dirty = true
            case .resize?:
                let size = terminal.size()
                effects += Reducer.reduce(&state, .resize(width: size.width, height: size.height))
                dirty = true
            case .hangup?:
                state.quitting = true
            case nil: break
            }
            let actions = session.inbox.drain()
            for action in actions { effects += Reducer.reduce(&state, action) }
            dirty = dirty || !actions.isEmpty
            effects += Reducer.reduce(&state, .tick(now: clock()))
        }
        session.shutdown()
    }
}
