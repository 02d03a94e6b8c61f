/// What the event loop needs from a terminal; the ncurses layer (StrataTerminal) implements it, tests fake it.
package protocol Terminal: AnyObject {
    /// The size in columns and rows.
    func size() -> (width: Int, height: Int)
    /// The next key or resize, waiting at most `milliseconds`; nil when nothing came or `wakeup` was signalled.
    func nextInput(timeout milliseconds: Int, wakeup: Wakeup) -> TerminalInput?
    /// Shows a frame.
    func draw(_ frame: Frame)
    /// Puts text on the clipboard of the terminal the user sees (OSC 52).
    func copy(_ text: String)
}

extension Terminal {
    /// A terminal without a clipboard copies nothing.
    package func copy(_ text: String) {}
}

/// One input from the terminal.
package enum TerminalInput: Sendable, Equatable {
    case key(Key)
    /// The terminal changed size (ask `size()`).
    case resize
    /// The terminal went away or the process was asked to stop: cancel work and quit.
    case hangup
}
