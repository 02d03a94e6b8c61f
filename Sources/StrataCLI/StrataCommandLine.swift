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

    /// Runs one command line and returns its exit status instead of exiting (messages still go to the standard
    /// streams); a command the compiled level of `--sources` hands to an app's built `strata` replaces this process
    /// with it.
    public static func run(
        plans: [String: any SchemaMigrationPlan.Type], subcommands: [any ParsableCommand.Type] = [], arguments: [String]
    ) -> Int32 {
        CommandLineSetup.current.configure(plans: plans, subcommands: subcommands, arguments: arguments)
        do {
            var command = try RootCommand.parseAsRoot(arguments)
            try command.run()
            return ExitStatus.ok.rawValue
        } catch let handOff as CompiledHandOff {
            // The compiled level built the app's `strata`: this process becomes it. When it cannot start, the command
            // runs again at the static level, saying why its custom stages are not run.
            let reason = handOff.exec()
            Console.error("strata: the compiled level could not start \(handOff.binary.path): \(reason)")
            CommandLineSetup.current.handOffFailure = "its code was built but could not be started (\(reason))"
            return run(plans: plans, subcommands: subcommands, arguments: arguments)
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
