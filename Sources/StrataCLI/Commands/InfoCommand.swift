import ArgumentParser
import Strata

/// `strata info <store> [--model PATH]`: format, recorded version, entities with row counts, migration history; with
/// `--model`, a Core Data model's versions and the one the store is at (the store may then be left out).
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a store's format, version, entities with row counts and migration history.",
        discussion: """
            Reads the store without writing its file, -wal or -shm. With --model (a Core Data model), it lists \
            the model's versions with their names, entities and mapping models, and with a store the version of the \
            model the store is at (matched on the fields Core Data hashes; none is Core Data's 134130).

            Examples:
              strata info Books.store
              strata info Books.store --json | jq '.entities[] | {name, rows}'
              strata info --model MyApp/Model.xcdatamodeld
              strata info App.sqlite --model MyApp/Model.xcdatamodeld
            """)

    @Argument(
        help:
            "The store file (a SwiftData or Core Data store is read through a private copy); with --model it may be left out."
    )
    var store: String?

    @OptionGroup var coreData: ModelPlanOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if store == nil && coreData.model == nil {
            throw ValidationError("give the store file, or --model PATH to describe a Core Data model")
        }
        if coreData.progressive {
            throw ValidationError("--progressive chooses how Core Data migrates; info migrates nothing")
        }
    }

    func run() throws {
        let opened = try store.map { try StoreArgument.open(StoreArgument.url($0)) }
        let model = try coreData.resolve().map { try ModelInfoReport($0, store: opened) }
        guard let opened else {
            guard let model else { return }
            if output.json {
                try JSONOutput.print(model)
            } else {
                model.textLines(style: .standardOutput).forEach { Console.out($0) }
            }
            return
        }
        var report = try InfoReport(store: opened)
        report.coreData = model
        if output.json {
            try JSONOutput.print(report)
        } else {
            (report.textLines(style: .standardOutput) + (model?.textLines(style: .standardOutput) ?? [])).forEach {
                Console.out($0)
            }
        }
    }
}
