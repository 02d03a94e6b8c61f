import Foundation

/// Runs the UI: draws the state, reads a key with a short timeout, drains background results, ticks the clock
/// and starts effects, until the user quits. The screen never waits on background work.
package enum EventLoop {
    /// The time between frames while anything changes (20 a second), and the longest wait for input. Work posting
    /// an action ends the wait at once (the inbox's `Wakeup`), so a run's end is drawn when it comes.
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
            // While work runs, the wait ends when the next frame is due.
            let untilFrame = Int(((lastFrame + Double(frameMilliseconds) / 1000 - clock()) * 1000).rounded(.up))
            let wait = state.running ? min(frameMilliseconds, max(0, untilFrame)) : frameMilliseconds
            switch terminal.nextInput(timeout: wait, wakeup: session.inbox.wakeup) {
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
