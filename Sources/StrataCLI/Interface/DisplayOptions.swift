import ArgumentParser
import StrataTUI

/// How the terminal UI draws: `--no-color` and `--ascii` (NO_COLOR is honoured by the UI itself).
package struct DisplayOptions: ParsableArguments {
    @Flag(
        name: .customLong("no-color"),
        help: "Draw without colour (bold, reverse and underline only); NO_COLOR does the same.")
    var noColor = false

    @Flag(help: "Draw with ASCII characters only (no box drawing).")
    var ascii = false

    /// No flags: colour and box drawing.
    package init() {}

    /// The UI's render options.
    package var options: RenderOptions { RenderOptions(monochrome: noColor, ascii: ascii) }
}
