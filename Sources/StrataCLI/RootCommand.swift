import ArgumentParser
import Foundation
import Strata
import StrataSources

/// The `strata` command: the built-in reporting commands plus any the executable adds.
struct RootCommand: ParsableCommand {
    /// The built-in subcommands, in the order `--help` lists them.
    static let builtInSubcommands: [any ParsableCommand.Type] = [
        InfoCommand.self, CheckCommand.self, FreezeCommand.self, NextVersionCommand.self, DiffCommand.self,
        PlanCommand.self,
        MigrateCommand.self, RowsCommand.self, ImportCommand.self, NewCommand.self, OpenCommand.self,
        WarmCommand.self,
    ]

    static var configuration: CommandConfiguration {
        let setup = CommandLineSetup.current
        let plans = setup.catalog.names.isEmpty ? "none" : setup.catalog.names.joined(separator: ", ")
        return CommandConfiguration(
            commandName: "strata",
            abstract: "Browse SwiftData-style stores on SQLite, diff schema versions and step through migrations.",
            discussion: """
                Strata runs models declared the SwiftData way (@Model, VersionedSchema, SchemaMigrationPlan) \
                over plain SQLite files.

                Plans this build knows (--plan NAME): \(plans).
                With --sources DIR the plan is read from an app's source folder instead. To run its custom stages \
                (migrate, open), strata builds the declarations the plan needs (from the folder named, the other \
                --sources folders and the enclosing app) against Strata in its cache and runs them: that runs the \
                app's code, never on its own for another repository's pull request. --static (or STRATA_STATIC=1) \
                never compiles.
                Every reporting command takes --json (a document whose "format" names its shape, such as \
                "strata.info/1"). Exit status: 0 ok, 1 findings or a failed migration, 2 usage, 3 store problem \
                (missing, not a Strata store, locked or damaged).

                Examples:
                  strata --version
                  strata check --plan bookshelf
                  strata migrate Books.store --plan bookshelf --dry-run
                """,
            version: BuildCommit.versionText(release: StrataVersion.current),
            subcommands: builtInSubcommands + setup.extraSubcommands)
    }
}
