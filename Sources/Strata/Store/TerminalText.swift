/// Makes text from a store safe to print: control characters and escape sequences become visible escapes.
public enum TerminalText {
    /// The text with every C0/C1 control character (ESC included) shown as `\u{..}`, and tabs and newlines as `\t`, `\n`.
    public static func sanitize(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
