import Foundation
import Testing

/// What `strata demo --no-open` and `strata new` print, the first texts a newcomer reads: their counts are said as
/// every other surface says them ("1 row", "1 change").
@Suite
struct CountWordingTests {
    /// A ledger store of one row: the store's line, the entities' rows and the stages' changes are counted in the
    /// singular where there is one.
    @Test func oneOfAThingIsSaidInTheSingular() throws {
        let directory = try TemporaryStore()
        let store = directory.path("Ledger.store")
        let run = try CommandRun.strata(["demo", "--plan", "ledger", "--rows", "1", "--no-open", "--store", store])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Created the ledger demo store at its first version with 1 row: \(store)")
        #expect(lines.contains("  Account: 1 row"), "\(lines)")
        #expect(lines.contains("  Entry: 1 row"), "\(lines)")
        #expect(lines.contains("  stage 2.0.0 -> 3.0.0 lightweight: 1 change"), "\(lines)")
        #expect(lines.contains("  stage 1.0.0 -> 2.0.0 lightweight: 3 changes"), "\(lines)")
        #expect(!run.standardOutput.contains(" 1 rows") && !run.standardOutput.contains(" 1 changes"))
    }

    /// `strata new --sample 1`: each entity made with one row says so in the singular.
    @Test func aNewStoreOfOneRowPerEntitySaysRow() throws {
        let directory = try TemporaryStore()
        let store = directory.path("One.store")
        let run = try CommandRun.strata([
            "new", store, "--sources", SourcesCommandTests.tree("ResourcesApp"), "--at", "1.0.0", "--sample", "1",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst() == ["  Item: 1 row", "  Component: 1 row", "  CraftingRecipe: 1 row"], "\(lines)")
    }

    /// A migrated store's history counts each stage's row writes in the same words in `info` and in `open`'s
    /// summary (printed when no terminal is attached).
    @Test func theHistoryCountsRowWritesInInfoAndOpen() throws {
        let directory = try TemporaryStore()
        let store = directory.path("Books.store")
        #expect(try CommandRun.strata(["demo", "--rows", "1", "--no-open", "--store", store]).status == 0)
        #expect(try CommandRun.strata(["migrate", store, "--plan", "bookshelf", "--yes"]).status == 0)
        let open = try CommandRun.strata(["open", store, "--plan", "bookshelf"])
        #expect(open.status == 0, "\(open.standardError)")
        let lines = open.standardOutput.split(separator: "\n").map(String.init)
        let history = try #require(lines.firstIndex(of: "history:"), "\(lines)")
        #expect(
            Array(lines[(history + 1)...].prefix(2))
                == ["  1.0.0 -> 2.0.0 lightweight, 1 row write", "  2.0.0 -> 3.0.0 custom, 1 row write"], "\(lines)")
        let info = try CommandRun.strata(["info", store])
        #expect(info.standardOutput.contains("lightweight 1.0.0 -> 2.0.0, 1 row write\n"), "\(info.standardOutput)")
    }
}
