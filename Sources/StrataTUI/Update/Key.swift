/// A key press as the UI understands it, whatever terminal layer read it.
package enum Key: Sendable, Equatable {
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace
    /// Ctrl-C (read as a key in raw mode).
    case interrupt
    /// Ctrl-U: clear the line being typed.
    case clearLine
    /// A click of the mouse's first button at a cell.
    case click(x: Int, y: Int)
    /// A turn of the mouse wheel over a cell.
    case wheel(x: Int, y: Int, down: Bool)
}
