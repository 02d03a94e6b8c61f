import AppleStoreFixtures
import Foundation
import GRDB
import Testing

/// Issue 44: every command that reads a file through a private copy names the user's file in its errors, never the
/// copy (`…/strata-copy-…/notes.txt`), and a store made with another plan is said to match no version of the plan
/// rather than to be an edited shipped schema. Run through the real `strata`.
@Suite struct UserFileNamingTests {
    /// A text file and a foreign SQLite database, the two things a user passes by mistake, in `directory`.
    static func notStores(in directory: TemporaryStore) throws -> [String] {
        let notes = try directory.file("notes.txt", bytes: Array("shopping: milk, eggs\n".utf8))
        let foreign = directory.path("foreign.db")
        try DatabaseQueue(path: foreign).write { db in
            try db.execute(sql: "CREATE TABLE t(a); INSERT INTO t VALUES (1)")
        }
        return [notes, foreign]
    }

    @Test func everyCommandNamesTheUsersFileNotThePrivateCopy() throws {
        let directory = try TemporaryStore()
        let tasks = ModelBundleFixtures.tasks.path
        for file in try Self.notStores(in: directory) {
            for arguments in [
                ["plan", file, "--plan", "bookshelf"],
                ["plan", file, "--model", tasks],
                ["migrate", file, "--plan", "bookshelf", "--dry-run"],
                ["migrate", file, "--plan", "bookshelf", "--dry-run", "--json"],
                ["migrate", file, "--plan", "bookshelf", "--dry-run", "--rows"],
                ["migrate", file, "--model", tasks, "--dry-run"],
                ["migrate", file, "--plan", "bookshelf", "--yes"],
                ["info", file], ["rows", file, "t"],
                ["diff", "--plan", "bookshelf", "1.0.0", "2.0.0", "--store", file],
                ["import", file, directory.path("imported.store")],
            ] {
                let run = try AppleStoreCommandTests.run(arguments, unchanging: file)
                #expect(run.status == 3, "\(arguments): \(run.standardError)")
                #expect(run.standardError.hasPrefix("error: \(file) is "), "\(arguments): \(run.standardError)")
                for output in [run.standardOutput, run.standardError] {
                    #expect(
                        !DamagedStoreNamingTests.temporaryNames.contains { output.contains($0) },
                        "\(arguments): \(output)")
                }
            }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("imported.store")))
    }
}
