import Foundation
import Strata
import StrataExamples
import Testing

@Suite struct UntouchedStoreTests {
    @Test func inspectingAStoreLeavesItsBytesAlone() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        let before = storeHashes(url)
        #expect(try StoreInspector(url: url).version() == Schema.Version(1, 0, 0))
        #expect(try StoreInspector(url: url).rowCounts().map(\.rows) == [3])
        #expect(storeHashes(url) == before)
    }
}

/// A migrator asked to open a file that is no store says which case it met, and creates nothing.
@Suite struct MigratorNotAStoreTests {
    let directory = TemporaryDirectory()

    /// The message of the error opening a migrator on `url` throws.
    private func refusal(_ url: URL) -> String {
        do {
            _ = try Migrator(store: url, plan: Bookshelf.Plan.self)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func aMissingFileIsNamedAsMissingAndNotCreated() {
        let url = directory.store("typo")
        #expect(refusal(url) == "\(url.path) is not a Strata store: the file does not exist.")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func anEmptyDatabaseHasNothingToMigrate() throws {
        let url = directory.store("empty")
        FileManager.default.createFile(atPath: url.path, contents: Data())
        let before = storeHashes(url)
        #expect(
            refusal(url).hasSuffix(
                "is not a Strata store: it is an empty SQLite database (no tables yet), so there is nothing to migrate."
            ))
        #expect(storeHashes(url) == before)
    }
}
