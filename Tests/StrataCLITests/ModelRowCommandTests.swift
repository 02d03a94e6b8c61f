import AppleStoreFixtures
import Foundation
import Testing

/// With `--model`, what Core Data's first step depends on in the rows of a real Core Data store (CoreDataStack's,
/// with rows written into it, see `BookshelfStore`): `plan` counts it, `migrate --dry-run` stops at the step naming the
/// rows, `check --store` reports it at the model's line; rows that fit let the step run.
struct ModelRowCommandTests {
    /// Books 2 and 4 have no title; Ursula Le Guin is written twice (authors 1 and 3).
    static func failingStore(in directory: TemporaryStore) throws -> (model: String, store: String) {
        let model = try BookshelfStore.stricterModel(in: directory.directory)
        let store = try BookshelfStore.write(
            authors: [(1, "Ursula", "Le Guin"), (2, "Iain", "Banks"), (3, "Ursula", "Le Guin")],
            books: [(1, "The Dispossessed"), (2, nil), (3, "Excession"), (4, nil)], links: [(1, 1), (2, 3)],
            in: directory.directory)
        return (model.path, store.path)
    }

    @Test func planCountsTheRowsCoreDataWouldFailOn() throws {
        let directory = try TemporaryStore()
        let (model, store) = try Self.failingStore(in: directory)
        let run = try AppleStoreCommandTests.run(["plan", store, "--model", model], unchanging: store)
        #expect(run.status == 0, "\(run.standardError)")
        let text = run.standardOutput
        #expect(text.contains("Core Data: the store is at TestModel"))
        #expect(
            text.contains(
                "Book.title made required: FAILS, 2 rows of Book have no title (Book/2, Book/4): Core Data stops with 134110"
            ))
        #expect(
            text.contains(
                "made unique together (#Unique): FAILS, 1 value is shared by several rows of Author (firstName, lastName) ((Ursula, Le Guin) x2): Core Data stops with 134111"
            ))
        #expect(text.contains("plan Bookshelf leads to TestModel 2 in 1 stage"))
    }

    @Test func theDryRunStopsAtTheStepNamingTheRows() throws {
        let directory = try TemporaryStore()
        let (model, store) = try Self.failingStore(in: directory)
        // Only the NULL titles in the way: Le Guin once.
        let nulls = try BookshelfStore.write(
            authors: [(1, "Ursula", "Le Guin")], books: [(1, "The Dispossessed"), (2, nil)],
            in: directory.directory.appendingPathComponent("nulls", isDirectory: true).creatingFolder())
        let run = try AppleStoreCommandTests.run(
            ["migrate", nulls.path, "--model", model, "--dry-run", "--json"], unchanging: nulls.path)
        #expect(run.status == 1)
        let json = try run.json()
        #expect(json["reached"] as? String == "TestModel")
        #expect(json["succeeded"] as? Bool == false)
        let failure = try #require(json["failure"] as? String)
        #expect(failure.contains("Book.title is required but 1 row has no value (e.g. Book/2)"))
        #expect(json["failureKind"] as? String == "validation-failed")
        let stages = try #require(json["stages"] as? [[String: Any]])
        #expect(stages.last?["failureKind"] as? String == "validation-failed")
        let coreData = try #require(json["coreData"] as? [String: Any])
        #expect(coreData["version"] as? String == "TestModel")
        let checks = try #require(coreData["dataChecks"] as? [String])
        #expect(
            checks.contains { $0.hasPrefix("Book.title made required: FAILS, 1 row of Book has no title (Book/2)") })
        // Both in the way: the stage fails on the duplicates, and the rows without a title are listed before it.
        let both = try AppleStoreCommandTests.run(["migrate", store, "--model", model, "--dry-run"], unchanging: store)
        #expect(both.status == 1)
        #expect(both.standardOutput.contains("! Book.title: 2 rows without a value (e.g. Book/2, Book/4)"))
        #expect(
            both.standardOutput.contains(
                "- Author.(firstName, lastName): 1 group of duplicate values (e.g. (Ursula, Le Guin) x2)"))
        #expect(both.standardOutput.contains("A real run would fail; the store would stay at TestModel."))
    }

    @Test func rowsThatFitLetTheStepRun() throws {
        let directory = try TemporaryStore()
        let model = try BookshelfStore.stricterModel(in: directory.directory)
        let store = try BookshelfStore.write(
            authors: [(1, "Ursula", "Le Guin"), (2, "Terry", nil), (3, "Terry", nil)],
            books: [(1, "The Dispossessed"), (2, "Excession")], in: directory.directory
        ).path
        let run = try AppleStoreCommandTests.run(
            ["migrate", store, "--model", model.path, "--dry-run"], unchanging: store)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("Book.title made required: passes, every row of Book has a title"))
        #expect(
            run.standardOutput.contains(
                "passes, no two rows of Author share firstName, lastName"))
        let json = try CommandRun.strata(["migrate", store, "--model", model.path, "--dry-run", "--json"]).json()
        #expect(json["reached"] as? String == "TestModel 2")
    }

    @Test func checkWithAStoreReportsTheRowsAtTheModelsLine() throws {
        let directory = try TemporaryStore()
        let (model, store) = try Self.failingStore(in: directory)
        let run = try AppleStoreCommandTests.run(["check", "--model", model, "--store", store], unchanging: store)
        #expect(run.status == 1)
        // title's element is on line 8 of the real file; the seven lines of the constraint block go above it.
        let contents = "\(model)/TestModel 2.xcdatamodel/contents"
        #expect(
            run.standardOutput.contains(
                "\(contents):15:1: error: the store Bookshelf.sqlite is at TestModel, and TestModel -> TestModel 2 fails on its rows: Book.title made required: FAILS, 2 rows of Book have no title (Book/2, Book/4)"
            ))
        #expect(run.standardOutput.contains("\(contents):3:1: error: the store Bookshelf.sqlite is at TestModel"))
        let without = try CommandRun.strata(["check", "--model", model])
        #expect(without.status == 0, "\(without.standardOutput)")
    }
}

extension URL {
    /// Creates the folder (and its parents) and returns it.
    fileprivate func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}

/// An entity renamed through its renaming identifier (CoreDataStack's Author renamed Writer, `BookshelfStore`): Core
/// Data infers the rename and keeps the rows; so does the dry run, in both modes, with the rows counted under the new
/// name and the many-to-many's links moved to Book's side.
struct ModelEntityRenameCommandTests {
    @Test func theDryRunCarriesTheRenamedEntitysRows() throws {
        let directory = try TemporaryStore()
        let model = try BookshelfStore.renamedAuthorModel(in: directory.directory).path
        let store = try BookshelfStore.write(
            authors: [(1, "Ursula", "Le Guin"), (2, "Iain", "Banks")], books: [(1, "The Dispossessed")],
            links: [(1, 1)], in: directory.directory
        ).path
        for mode in [[], ["--progressive"]] {
            let run = try AppleStoreCommandTests.run(
                ["migrate", store, "--model", model, "--dry-run", "--rows"] + mode, unchanging: store)
            #expect(run.status == 0, "\(mode)")
            let output = run.standardOutput
            #expect(
                output.contains(
                    "entity Writer renamed from Author: inferred (renaming identifier: Core Data keeps its rows, and the links to them follow)"
                ), "\(output)")
            #expect(output.contains("step rename Author to Writer"))
            #expect(output.contains("TestModel -> TestModel 2: succeeded"))
            #expect(output.contains("A real run would take the store from TestModel to TestModel 2."))
            #expect(!output.contains("not run") && !output.contains("rows dropped"))
            // Every author is kept under the new name, and Book keeps its row and its link.
            #expect(output.contains("rows of Writer (was Author): 0 changed, 0 inserted, 0 deleted, 2 unchanged"))
            #expect(!output.contains("rows of Author"))
        }
        let plan = try AppleStoreCommandTests.run(["plan", store, "--model", model], unchanging: store)
        #expect(plan.status == 0)
        #expect(plan.standardOutput.contains("entity Writer renamed from Author: inferred"), "\(plan.standardOutput)")
        #expect(!plan.standardOutput.contains("not run"), "\(plan.standardOutput)")
        let json = try AppleStoreCommandTests.run(
            ["migrate", store, "--model", model, "--dry-run", "--json", "--rows"], unchanging: store)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let stage = try #require((report["stages"] as? [[String: Any]])?.first)
        let rows = try #require(stage["rows"] as? [[String: Any]])
        let writer = try #require(rows.first { $0["entity"] as? String == "Writer" }, "\(json.standardOutput)")
        #expect(writer["renamedFrom"] as? String == "Author")
        #expect(writer["unchanged"] as? Int == 2 && writer["deleted"] as? Int == 0)
        #expect(!rows.contains { $0["entity"] as? String == "Author" })
    }

    @Test func aRenamingIdentifierNamingNothingIsLintedAndRenamesNothing() throws {
        let directory = try TemporaryStore()
        let model = try BookshelfStore.renamedAuthorModel(in: directory.directory, identifier: "Scribe").path
        let check = try CommandRun.strata(["check", "--model", model])
        let contents = URL(fileURLWithPath: model).appendingPathComponent("TestModel 2.xcdatamodel/contents").path
        #expect(
            check.standardOutput.contains(
                "\(contents):3:1: warning: entity Writer's renaming identifier Scribe names no entity of an earlier version (TestModel); Core Data treats Writer as new and its rows start empty"
            ), "\(check.standardOutput)")
        let diff = try CommandRun.strata(["diff", "--model", model, "TestModel", "TestModel 2"])
        #expect(diff.standardOutput.contains("+ entity Writer added"), "\(diff.standardOutput)")
        #expect(diff.standardOutput.contains("- entity Author removed"))
        #expect(!diff.standardOutput.contains("renamed from Author"))
    }
}
