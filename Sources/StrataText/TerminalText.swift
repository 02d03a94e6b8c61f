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
