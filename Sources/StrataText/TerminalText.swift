/// Makes text safe to print on a terminal: control characters and escape sequences become visible escapes.
///
/// Values keep their real text everywhere else (stores, findings, JSON); this is applied where text meets a
/// terminal: the command line's text output and the terminal UI's frame.
package enum TerminalText {
    /// The text with every C0/C1 control character (ESC included) shown as `\u{..}`, and tabs, newlines and
    /// carriage returns as `\t`, `\n`, `\r`.
    package static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text's lines, each sanitized: a message of several lines (a failure listing its problems) reaches the
    /// terminal as lines, never with `\n` escapes; every other control character is still made visible.
    package static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitize(String($0)) }
    }

    /// The text's lines, sanitized (``lines(_:)``), joined again with `continuation` before each line after the
    /// first: a message of several lines printed after a prefix ("1.0.0 -> 2.0.0: failed: ").
    package static func multiline(_ text: String, continuation: String = "  ") -> String {
        lines(text).joined(separator: "\n" + continuation)
    }

    /// True for a C0 or C1 control character (what `sanitize` replaces).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// What `sanitize` shows instead of `scalar`, or nil when it is printed as it is.
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        default: isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16))}" : nil
        }
    }
}
