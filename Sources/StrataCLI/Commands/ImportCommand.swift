import ArgumentParser
import Foundation
import Strata
import StrataAppleStores

/// `strata import <apple-store> <new-strata-store> [--plan NAME --as VERSION]`: copies a SwiftData or Core Data
/// store's model and rows into a new Strata store, so `strata migrate --dry-run` can run a plan against real rows.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Copy a SwiftData or Core Data store's model and rows into a new Strata store.",
        discussion: """
            The Apple store is read through a private copy of its file, -wal and -shm and never written. Keys, values \
            and relationships are carried over; whatever cannot be (composite attributes, compound uniqueness, \
            inheritance, which is flattened) is listed, never dropped silently. With --plan and --as, the store's \
            model must equal that version of the plan (default values aside) and the store is recorded at it; \
            otherwise the differences are listed and nothing is written.

            Examples:
              strata import default.store Imported.store
              strata import default.store Imported.store --plan bookshelf --as 1.0.0
              strata import default.store Imported.store --json
              strata migrate Imported.store --plan bookshelf --dry-run
            """)

    @Argument(help: "The SwiftData or Core Data store (its -wal and -shm beside it are read too).")
    var appleStore: String

    @Argument(help: "The new Strata store to write (must not exist).")
    var newStore: String

    @OptionGroup var plan: PlanOptions

    @Option(name: .customLong("as"), help: "The plan version to record the imported store at (with --plan).")
    var version: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard plan.isEmpty == (version == nil) else {
            throw ValidationError(
                "--plan (or --sources) and --as go together: --plan names the plan, --as the version to record")
        }
    }

    func run() throws {
        let source = try StoreArgument.url(appleStore)
        let destination = URL(fileURLWithPath: newStore)
        var planSchema: Schema?
        if let version {
            let resolved = try plan.resolve()
            planSchema = try VersionArgument.schema(
                version, in: resolved.checked.0, planName: resolved.name, model: resolved.model)
        }
        let report: AppleImportReport
        do {
            report = try AppleStoreImport.run(from: source, to: destination, recordingAs: planSchema)
        } catch let error as AppleStoreError {
            if case .schemaMismatch = error { throw CommandFailure.findings(error.description) }
            if case .destinationExists = error { throw CommandFailure.usage(error.description) }
            throw CommandFailure(status: .storeProblem, message: error.description)
        }
        let output = ImportReport(report)
        if self.output.json { try JSONOutput.print(output) } else { output.textLines.forEach { Console.out($0) } }
    }
}
