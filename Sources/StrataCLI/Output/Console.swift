import Foundation

/// Where commands write: standard output for results, standard error for errors, prompts and progress notes.
enum Console {
    /// Writes `text` and a newline to standard output.
    static func out(_ text: String = "") { write(text + "\n", to: FileHandle.standardOutput) }

    /// Writes `text` to standard output without a newline (progress redraws).
    static func outRaw(_ text: String) { write(text, to: FileHandle.standardOutput) }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) { write(text + "\n", to: FileHandle.standardError) }

    /// Writes `text` to standard error without a newline (prompts).
    static func errorRaw(_ text: String) { write(text, to: FileHandle.standardError) }

    /// True when standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// True when standard error is a terminal.
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// True when standard input is a terminal (a person can answer a prompt).
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
