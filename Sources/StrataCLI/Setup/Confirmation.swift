import Foundation

/// Asks a person at the terminal to confirm a write, on standard error so standard output stays clean.
enum Confirmation {
    /// Shows `question` with "[y/N]" and returns true only for an answer starting with y.
    static func ask(_ question: String) -> Bool {
        Console.errorRaw("\(question) [y/N] ")
        guard let answer = readLine() else { return false }
        return answer.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y")
    }
}
