import ArgumentParser
import Foundation
import Strata

/// The `strata` command: the root of every subcommand; alone it answers `--help` and `--version`.
@main
struct Strata: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Browse SwiftData-style stores on SQLite, diff schema versions and step through migrations.",
        discussion: """
            Strata runs models declared the SwiftData way (@Model, VersionedSchema, SchemaMigrationPlan) \
            over plain SQLite files. Its subcommands arrive with later releases.

            Example:
              strata --version
            """,
        version: "strata \(StrataVersion.current)"
    )

    /// Exit status for a command line that does not parse or validate (the project documents 2 for usage).
    static let usageExitCode: Int32 = 2

    /// Parses, runs and exits like `ParsableCommand.main()`, but with status 2 instead of 64 for usage errors.
    ///
    /// `exit(withError:)` and `exitCode(for:)` are protocol-extension methods, not requirements, so
    /// redeclaring them would not change what ArgumentParser calls; replacing `main()`, which `@main`
    /// calls on this type, is the one place that sees every error before the process exits.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch where exitCode(for: error) == .validationFailure {
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(usageExitCode)
        } catch {
            exit(withError: error)
        }
    }
}
