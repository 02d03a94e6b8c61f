import AppleStoreFixtures
import Foundation
import GRDB
import Testing

/// A file that is no store given to each command that reads one: every command says the same thing about it (the
/// store's format detection's verdict), and a real `migrate` of a SwiftData store says what to run instead.
@Suite
struct NotAStoreMessageTests {
    /// The commands a newcomer points at a store, with the store's path.
    static func commands(_ store: String) -> [[String]] {
        [
            ["info", store], ["rows", store, "Book"], ["open", store, "--plan", "bookshelf"],
            ["plan", store, "--plan", "bookshelf"], ["migrate", store, "--plan", "bookshelf", "--dry-run"],
            ["migrate", store, "--plan", "bookshelf", "--yes"],
        ]
    }

    /// Random bytes, an empty file and a foreign SQLite database: one message each, the same from every command,
    /// exit 3, and the file unchanged.
    @Test(arguments: ["random", "empty", "foreign"])
    func everyCommandSaysTheSame(_ kind: String) throws {
        let directory = try TemporaryStore()
        let store: String
        let reason: String
        switch kind {
        case "random":
            store = try directory.file("junk.bin", bytes: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
            reason = "it is not an SQLite database (no SQLite header)"
        case "empty":
            store = try directory.file("empty.store", bytes: [])
            reason = "the file is empty"
        default:
            store = directory.path("foreign.db")
            let queue = try DatabaseQueue(path: store)
            try queue.write { try $0.execute(sql: "CREATE TABLE Book(title TEXT); INSERT INTO Book VALUES ('Emma')") }
            try queue.close()
            reason = "it is an SQLite database without Strata's metadata table (_strata_metadata)"
        }
        let before = TemporaryStore.digests(of: store)
        for command in Self.commands(store) {
            let run = try CommandRun.strata(command)
            #expect(run.status == 3, "\(command): \(run.standardError)")
            #expect(
                run.standardError.hasPrefix(
                    "error: \(store) is not a Strata store, nor a SwiftData or Core Data store: \(reason)"),
                "\(command): \(run.standardError)")
            #expect(run.standardOutput.isEmpty, "\(command): \(run.standardOutput)")
        }
        #expect(TemporaryStore.digests(of: store) == before)
    }

    /// A path where no file is, and a directory: every command says the same (the reader's words), exit 3, and
    /// nothing is made at the path.
    @Test func aMissingFileOrADirectoryIsNamedTheSameByEveryCommand() throws {
        let directory = try TemporaryStore()
        let missing = directory.path("Books.store")
        let folder = directory.path("Books.folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for (store, reason) in [(missing, "the file does not exist"), (folder, "it is a directory")] {
            for command in Self.commands(store) {
                let run = try CommandRun.strata(command)
                #expect(run.status == 3, "\(command): \(run.standardError)")
                #expect(
                    run.standardError == "error: \(store) is not a Strata store: \(reason).\n",
                    "\(command): \(run.standardError)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    /// A real `migrate` of a SwiftData store: refused before anything runs, naming the dry run and `strata import`
    /// as what to do instead.
    @Test func aRealMigrateOfASwiftDataStoreSaysWhatToRunInstead() throws {
        let directory = try TemporaryStore()
        let store = directory.path("App.sqlite")
        try AppleStoreFixtures.copy("swiftdata-freezeray", "App-1_0_0.sqlite", to: store)
        let before = TemporaryStore.digests(of: store)
        let run = try CommandRun.strata(["migrate", store, "--plan", "bookshelf", "--yes"])
        #expect(run.status == 3)
        #expect(
            run.standardError
                == "error: \(store) is a SwiftData or Core Data store, which migrate does not write; dry-run it with --dry-run, or copy it into a Strata store with `strata import \(store) NEW.store` and migrate that\n"
        )
        #expect(TemporaryStore.digests(of: store) == before)
    }
}
