import ArgumentParser
import Strata

/// `strata rows <store> <entity> [--limit N] [--offset N] [--where COLUMN=VALUE]`: rows as a table or JSON.
struct RowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rows",
        abstract: "Show an entity's rows as a table or JSON.",
        discussion: """
            Rows come in primary-key order. Each --where keeps the rows matching a condition: COLUMN=VALUE, \
            COLUMN!=VALUE, COLUMN~TEXT (contains, ignoring case), COLUMN<VALUE, <=, >, >= (numbers compare as numbers, \
            dates as dates written 2020-01-31); a value may hold spaces, quoted or not. Values are bound, never \
            spliced into SQL; several conditions are combined with AND. On a \
            SwiftData or Core Data store a value is read as the rows show it: Z_PK, entity, dates in ISO 8601, UUIDs, \
            true/false, to-one relationships as 3 or Item#3. \
            The store is never written. Text from the store is printed with control characters escaped.

            Examples:
              strata rows Books.store Book --limit 20
              strata rows Books.store Book --where author="Jane Austen" --json
              strata rows Books.store Book --where "title~dune" --where "_pk>100"
            """)

    @OptionGroup var file: StoreFile

    @Argument(help: "The entity, such as Book.")
    var entity: String

    // Taken as they come (`--limit -1` is a negative number to refuse, not an unknown flag).
    @Option(parsing: .unconditional, help: "How many rows to show.")
    var limit = 50

    @Option(parsing: .unconditional, help: "How many rows to skip.")
    var offset = 0

    @Option(
        name: .customLong("where"),
        help: ArgumentHelp(
            "Keep rows matching COLUMN=VALUE, !=, ~ (contains), <, <=, >, >= (repeatable).", valueName: "CONDITION"))
    var filters: [String] = []

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 or more") }
        guard offset >= 0 else { throw ValidationError("--offset must be 0 or more") }
        for filter in filters {
            do {
                _ = try RowFilter.parse(filter)
            } catch {
                throw ValidationError("--where: \(error)")
            }
        }
    }

    func run() throws {
        let conditions = try filters.map(RowFilter.parse)
        let report = try RowsReport(
            store: file.url(), entity: entity, limit: limit, offset: offset, filters: conditions)
        if output.json {
            try JSONOutput.print(report)
        } else {
            report.textLines(style: .standardOutput).forEach { Console.out($0) }
        }
    }
}
