/// The characters frames are drawn with: box drawing and symbols, or plain ASCII for `--ascii`.
package struct Glyphs: Sendable, Equatable {
    package let horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String
    package let arrow, ellipsis, done, failed, running, pending, applied, barFull, barEmpty, marker, separator: String

    /// Box drawing and symbols.
    package static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        arrow: "→", ellipsis: "…", done: "✓", failed: "✗", running: "▶", pending: "·", applied: "✓",
        barFull: "█", barEmpty: "░", marker: "●", separator: "│")

    /// ASCII only.
    package static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        arrow: "->", ellipsis: "~", done: "v", failed: "x", running: ">", pending: ".", applied: "v",
        barFull: "#", barEmpty: "-", marker: "*", separator: "|")
}
