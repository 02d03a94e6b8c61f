import Foundation

/// ANSI colours for human output, switched off when `NO_COLOR` is set, `TERM` is dumb or the stream is not a terminal.
struct TextStyle: Sendable {
    /// True when escape sequences are written.
    let enabled: Bool

    /// The style for standard output.
    static var standardOutput: TextStyle { TextStyle(enabled: Console.outputIsTerminal && colourAllowed) }

    /// The style for standard error.
    static var standardError: TextStyle { TextStyle(enabled: Console.errorIsTerminal && colourAllowed) }

    /// False when the environment asks for no colour (https://no-color.org: `NO_COLOR` set and not empty).
    static var colourAllowed: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// Bold text.
    func bold(_ text: String) -> String { wrap(text, "1") }
    /// Dimmed text.
    func dim(_ text: String) -> String { wrap(text, "2") }
    /// Red text (errors, destructive changes, failures).
    func red(_ text: String) -> String { wrap(text, "31") }
    /// Green text (success, lightweight changes).
    func green(_ text: String) -> String { wrap(text, "32") }
    /// Yellow text (custom changes, warnings).
    func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
