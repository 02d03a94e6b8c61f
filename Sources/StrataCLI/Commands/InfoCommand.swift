import ArgumentParser
import Strata

/// `strata info <store>`: format, recorded version, entities with row counts, migration history.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a store's format, version, entities with row counts and migration history.",
        discussion: """
            Reads the store without writing its file, -wal or -shm.

            Examples:
              strata info Books.store
              strata info Books.store --json | jq '.entities[] | {name, rows}'
            """)

    @OptionGroup var file: StoreFile

    @OptionGroup var output: OutputOptions

    func run() throws {
        let report = try InfoReport(store: StoreArgument.open(file.url()))
        if output.json {
            try JSONOutput.print(report)
        } else {
            report.textLines(style: .standardOutput).forEach { Console.out($0) }
        }
    }
}
