import CNCurses
import Foundation
import StrataTUI

/// The one layer that calls ncurses: opens the terminal with `newterm`, maps roles to colour pairs (or to
/// attributes when monochrome), draws frames, reads keys, and always restores the terminal on `close()`.
package final class NCursesTerminal: Terminal {
    /// Why the terminal could not be opened.
    package enum OpenError: Error, CustomStringConvertible {
        case unknownTerminal(String)

        /// A message a person can act on.
        package var description: String {
            switch self {
            case .unknownTerminal(let name):
                "The terminal type '\(name)' is unknown to ncurses; set TERM to one it knows (for example TERM=xterm-256color)."
            }
        }
    }

    private let screen: OpaquePointer
    private let input: UnsafeMutablePointer<FILE>
    /// True when roles are drawn in colour.
    package let colours: Bool
    /// True when the locale's character set is UTF-8, so box drawing and symbols can be shown; false in the
    /// C locale or a legacy one, where the UI draws in ASCII instead of losing those characters.
    package let unicode: Bool
    private var closed = false

    /// Opens the terminal named by `term` (TERM by default) on the given streams (standard output and input by default).
    package init(
        monochrome: Bool, term: String? = nil, output: UnsafeMutablePointer<FILE>? = nil,
        input: UnsafeMutablePointer<FILE>? = nil
    ) throws {
        setlocale(LC_ALL, "")
        unicode =
            String(cString: nl_langinfo(nl_item(CODESET))).uppercased().replacingOccurrences(of: "-", with: "")
            == "UTF8"
        strata_catch_stop_signals()
        let name = term ?? ProcessInfo.processInfo.environment["TERM"] ?? "dumb"
        let input: UnsafeMutablePointer<FILE> = input ?? strata_stdin()
        guard let screen = strata_newterm(name, output ?? strata_stdout(), input) else {
            throw OpenError.unknownTerminal(name)
        }
        self.screen = screen
        self.input = input
        set_term(screen)
        raw()
        noecho()
        nonl()
        strata_keypad()
        strata_enable_mouse()
        curs_set(0)
        set_escdelay(25)
        colours = !monochrome && has_colors()
        if colours {
            start_color()
            use_default_colors()
            for (number, role) in Role.allCases.enumerated() {
                init_pair(Int16(number + 1), Self.colour(of: role), -1)
            }
        }
    }

    deinit { close() }

    /// Restores the terminal (cooked mode, cursor, screen); safe to call more than once.
    package func close() {
        guard !closed else { return }
        closed = true
        // Keys typed while the program stopped are dropped, not handed to the shell.
        flushinp()
        endwin()
        delscreen(screen)
    }

    /// The size in columns and rows.
    package func size() -> (width: Int, height: Int) { (Int(strata_columns()), Int(strata_lines())) }

    /// Reads a key or resize, waiting at most `milliseconds` or until `wakeup` is signalled; `.hangup` after a stop
    /// signal or a closed terminal.
    package func nextInput(timeout milliseconds: Int, wakeup: Wakeup) -> TerminalInput? {
        if strata_stop_signal() != 0 { return .hangup }
        // Keys ncurses already holds (the rest of a paste) come first; then the wait watches the terminal and the
        // wakeup together, and a key, a resize (its signal interrupts the wait) or a stop is read without waiting.
        timeout(0)
        var code: wint_t = 0
        var result = strata_read(&code)
        if result == ERR {
            wakeup.wait(milliseconds: milliseconds, orInputOn: fileno(input))
            result = strata_read(&code)
        }
        if result == ERR { return strata_stop_signal() != 0 || strata_input_hung_up(input) != 0 ? .hangup : nil }
        if result == strata_key_code_yes() { return Self.functionKey(Int32(code)) }
        return Self.characterKey(UInt32(code)).map(TerminalInput.key)
    }

    /// Puts text on the clipboard of the terminal the user sees with OSC 52 (`ESC ] 52 ; c ; base64 BEL`), written
    /// straight to the terminal after the frame: it travels over SSH, and tmux keeps it (with `set-clipboard on`).
    package func copy(_ text: String) {
        let sequence = "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
        FileHandle.standardOutput.write(Data(sequence.utf8))
    }

    /// Draws a frame: runs of cells with the same role and style go out in one call. A run ends after a cell
    /// holding a cluster of several scalars (ZWJ sequence, skin tone, flag, combining mark): ncurses measures such
    /// a cluster scalar by scalar, so the next run is placed at its own column instead of after ncurses' count.
    package func draw(_ frame: Frame) {
        let (width, height) = size()
        // One buffer for every run of cells (a run's characters were an array each, and each cell's another).
        var text: [wchar_t] = []
        text.reserveCapacity(frame.width * 2)
        for y in 0..<min(height, frame.height) {
            var x = 0
            while x < min(width, frame.width) {
                let first = frame[x, y]
                text.removeAll(keepingCapacity: true)
                var end = x
                while end < min(width, frame.width), frame[end, y].role == first.role,
                    frame[end, y].style == first.style
                {
                    var scalars = 0
                    for scalar in frame[end, y].text.unicodeScalars {
                        text.append(wchar_t(bitPattern: scalar.value))
                        scalars += 1
                    }
                    end += 1
                    if scalars > 1 {
                        while end < min(width, frame.width), frame[end, y].isContinuation { end += 1 }
                        break
                    }
                }
                let pair = colours ? Int16((Role.allCases.firstIndex(of: first.role) ?? 0) + 1) : 0
                strata_set_attributes(attributes(first.role, first.style), pair)
                strata_draw(Int32(y), Int32(x), text, Int32(text.count))
                x = end
            }
        }
        strata_set_attributes(strata_attr_normal(), 0)
        refresh()
    }

    /// The ncurses attributes of a cell.
    private func attributes(_ role: Role, _ style: Style) -> attr_t {
        let all = colours ? style : style.union(role.monochromeStyle)
        var bits = strata_attr_normal()
        if all.contains(.bold) { bits |= strata_attr_bold() }
        if all.contains(.reverse) { bits |= strata_attr_reverse() }
        if all.contains(.underline) { bits |= strata_attr_underline() }
        if colours, role == .dim { bits |= strata_attr_dim() }
        return bits
    }

    /// The foreground colour of a role (-1: the terminal's default).
    static func colour(of role: Role) -> Int16 {
        switch role {
        case .plain, .title, .selection, .statusBar, .dim: -1
        case .border: Int16(COLOR_BLUE)
        case .focusedBorder, .heading, .info, .dryRun: Int16(COLOR_CYAN)
        case .added, .lightweight, .progress: Int16(COLOR_GREEN)
        case .removed, .destructive, .error, .apply: Int16(COLOR_RED)
        case .changed, .custom, .warning, .key: Int16(COLOR_YELLOW)
        }
    }

    /// A function key read by `get_wch`.
    static func functionKey(_ code: Int32) -> TerminalInput? {
        switch code {
        case strata_key_resize(): .resize
        case strata_key_mouse(): mouseInput()
        case strata_key_up(): .key(.up)
        case strata_key_down(): .key(.down)
        case strata_key_left(): .key(.left)
        case strata_key_right(): .key(.right)
        case strata_key_home(): .key(.home)
        case strata_key_end(): .key(.end)
        case strata_key_page_up(): .key(.pageUp)
        case strata_key_page_down(): .key(.pageDown)
        case strata_key_back_tab(): .key(.backTab)
        case strata_key_enter(): .key(.enter)
        case strata_key_backspace(): .key(.backspace)
        default: nil
        }
    }

    /// The pending mouse event as a click or a wheel turn at a cell.
    static func mouseInput() -> TerminalInput? {
        var x: Int32 = 0
        var y: Int32 = 0
        switch strata_mouse_event(&x, &y) {
        case 1: return .key(.click(x: Int(x), y: Int(y)))
        case 2: return .key(.wheel(x: Int(x), y: Int(y), down: false))
        case 3: return .key(.wheel(x: Int(x), y: Int(y), down: true))
        default: return nil
        }
    }

    /// A character read by `get_wch` (control characters as keys; Ctrl-C as interrupt).
    static func characterKey(_ code: UInt32) -> Key? {
        switch code {
        case 3: .interrupt
        case 21: .clearLine
        case 9: .tab
        case 10, 13: .enter
        case 27: .escape
        case 8, 127: .backspace
        case 0..<32: nil
        default: Unicode.Scalar(code).map { .character(Character($0)) }
        }
    }
}
