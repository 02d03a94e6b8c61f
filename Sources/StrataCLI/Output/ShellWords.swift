import StrataText

/// Commands printed as hints, written so a shell reads them back as the same words (control characters made visible).
enum ShellWords {
    /// The words joined with spaces, each one a shell would split or expand put in single quotes.
    static func command(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    /// The word as is when it holds only characters a shell leaves alone, otherwise in single quotes.
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_./=:,+@%".unicodeScalars.contains(scalar)
            }
        let text = TerminalText.sanitize(word)
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
