import ArgumentParser
import Foundation
import NotesPlans

/// `notes-strata seed <path>`: an app-specific command added beside strata's own; makes a 1.0.0 store.
struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Create a notes store at version 1.0.0.",
        discussion: """
            Example:
              notes-strata seed Notes.store --count 10
            """)

    @Argument(help: "Where to create the store (must not exist).")
    var path: String

    @Option(help: "How many notes.")
    var count = 3

    func run() throws {
        guard !FileManager.default.fileExists(atPath: path) else { throw ValidationError("\(path) already exists") }
        try NotesPlan.makeStore(at: URL(fileURLWithPath: path), count: count)
        print(path)
    }
}
