/// A key press as the UI understands it, whatever terminal layer read it.
public enum Key: Sendable, Equatable {
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace
    /// Ctrl-C (read as a key in raw mode).
    case interrupt
}
