/// An error a command reports with its own message and exit status (usage mistakes, failed checks).
struct CommandFailure: Error, CustomStringConvertible {
    /// The exit status.
    let status: ExitStatus
    /// What went wrong and what to do, printed to standard error.
    let message: String

    /// A wrong command line: exits 2.
    static func usage(_ message: String) -> CommandFailure { CommandFailure(status: .usage, message: message) }

    /// Findings or a failed migration whose report was already printed: exits 1 with `message` on standard error.
    static func findings(_ message: String) -> CommandFailure { CommandFailure(status: .findings, message: message) }

    /// The message.
    var description: String { message }
}
