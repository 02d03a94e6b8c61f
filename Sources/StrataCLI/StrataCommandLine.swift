import ArgumentParser
import Foundation
import Strata
import StrataSources

/// The `strata` command line as a library, so an app can ship its own `strata` that knows its own plans.
///
/// ```swift
/// // Sources/my-strata/main.swift, in a target depending on the StrataCLI product
/// import StrataCLI
///
/// StrataCommandLine.main(plans: ["notes": NotesMigrationPlan.self])
/// ```
public enum StrataCommandLine {
    /// Parses the process's arguments, runs the command with `plans` available to `--plan`, and exits with the
    /// documented status (0 ok, 1 findings or failed migration, 2 usage, 3 store problem).
    ///
    /// `subcommands` are added after the built-in ones (info, check, diff, plan, migrate, rows).
    /// `compiledAdaptations` is set by the entry point the compiled level of `--sources` generates: the JSON of what it
    /// changed in the app's code (`CompiledAdaptations`), which the JSON reports carry as `"compiled"`.
    public static func main(
        plans: [String: any SchemaMigrationPlan.Type], subcommands: [any ParsableCommand.Type] = [],
        compiledAdaptations: String? = nil
    ) -> Never {
        CommandLineSetup.current.compiledAdaptations = compiledAdaptations.flatMap {
            try? JSONDecoder().decode(CompiledAdaptations.self, from: Data($0.utf8))
        }
        exit(run(plans: plans, subcommands: subcommands, arguments: Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs one command line and returns its exit status instead of exiting (messages still go to the standard streams).
    public static func run(
        plans: [String: any SchemaMigrationPlan.Type], subcommands: [any ParsableCommand.Type] = [], arguments: [String]
    ) -> Int32 {
        CommandLineSetup.current.configure(plans: plans, subcommands: subcommands)
        do {
            var command = try RootCommand.parseAsRoot(arguments)
            try command.run()
            return ExitStatus.ok.rawValue
        } catch {
            let (status, message) = ErrorReporting.outcome(of: error, root: RootCommand.self)
            if let message {
                Console.error(
                    status == ExitStatus.usage.rawValue && !(error is CommandFailure)
                        ? message : TextStyle.standardError.red("error:") + " " + message)
            } else if status == ExitStatus.ok.rawValue {
                Console.out(RootCommand.fullMessage(for: error))
            }
            return status
        }
    }
}
