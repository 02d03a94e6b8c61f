import ArgumentParser
import Strata
import StrataAppleStores
import StrataText

/// Turns whatever a command threw into a message on standard error and a documented exit status.
enum ErrorReporting {
    /// The status for `error` and the message to print (nil when ArgumentParser prints its own, as for help), each
    /// of its lines through `TerminalText`: names and values from a store or a command line reach the terminal
    /// with their control characters and escape sequences made visible.
    static func outcome(of error: any Error, root: any ParsableCommand.Type) -> (status: Int32, message: String?) {
        let (status, message) = unprinted(error, root: root)
        return (status, message.map(printable))
    }

    /// Every line of a message as the terminal must show it.
    private static func printable(_ message: String) -> String {
        TerminalText.lines(message).joined(separator: "\n")
    }

    /// The status for `error` and its message as written.
    private static func unprinted(_ error: any Error, root: any ParsableCommand.Type) -> (
        status: Int32, message: String?
    ) {
        switch error {
        case let failure as CommandFailure:
            return (failure.status.rawValue, failure.message)
        case let error as StrataError:
            return (ExitStatus.storeProblem.rawValue, error.description)
        case let error as AppleStoreError:
            return (ExitStatus.storeProblem.rawValue, error.description)
        case let error as MigrationError:
            return (ExitStatus.findings.rawValue, error.description)
        default:
            let code = root.exitCode(for: error)
            if code == .validationFailure {
                return (ExitStatus.usage.rawValue, OptionElsewhere.explained(root.fullMessage(for: error), root: root))
            }
            if code == .success || error is ExitCode { return (code.rawValue, nil) }
            return (ExitStatus.findings.rawValue, "\(error)")
        }
    }
}
