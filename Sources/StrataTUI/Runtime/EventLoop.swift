import Foundation

/// Runs the UI: draws the state, reads a key with a short timeout, drains background results, ticks the clock
/// and starts effects, until the user quits. The screen never waits on background work.
package enum EventLoop {
    /// The time between frames while anything changes (20 a second), and the longest wait for input while idle.
    package static let frameMilliseconds = 50
    /// The longest wait for input while stages run: the end of a run is drawn within this, not up to a frame later.
    package static let busyWaitMilliseconds = 5

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
        // `dirty`: the state changed since the last frame; `urgent`: draw it now (a key, a resize, a run's end),
        // not at the next frame's time.
        var (dirty, urgent) = (true, true)
        var lastFrame = -TimeInterval.infinity
        while true {
            // Copies go to the terminal; everything else is the session's work.
            for effect in effects {
                if case .copy(let text) = effect { terminal.copy(text) } else { session.perform(effect) }
            }
            effects = []
            if state.quitting { break }
            // Frames are drawn after a change, and continuously while work runs or a message shows, at most one a
            // frame's time unless the user is waiting on it.
            let now = clock()
            let due = now - lastFrame >= Double(frameMilliseconds) / 1000
            if urgent || (due && (dirty || state.running || state.visibleMessage != nil)) {
                terminal.draw(Renderer.render(state))
                (dirty, urgent, lastFrame) = (false, false, now)
            }
            let wasRunning = state.running
            switch terminal.nextInput(timeout: state.running ? busyWaitMilliseconds : frameMilliseconds) {
            case .key(let key)?:
                effects += Reducer.reduce(&state, .key(key))
                urgent = true
            case .resize?:
                let size = terminal.size()
                effects += Reducer.reduce(&state, .resize(width: size.width, height: size.height))
                urgent = true
            case .hangup?:
                state.quitting = true
            case nil: break
            }
            let actions = session.inbox.drain()
            for action in actions { effects += Reducer.reduce(&state, action) }
            dirty = dirty || !actions.isEmpty
            effects += Reducer.reduce(&state, .tick(now: clock()))
            if wasRunning && !state.running { urgent = true }
        }
        session.shutdown()
    }
}
