import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Testing

/// Core Data's conditions on the rows checked against CoreDataStack's real store with rows written into it
/// (`BookshelfStore`): `TestModel 2` makes `Book.title` required without a default and puts a uniqueness constraint on
/// Author's (firstName, lastName). What fails is stated from the rows written, not from the code.
struct CoreDataRowCheckTests {
    /// Books 2 and 4 have no title; Ursula Le Guin is written twice (authors 1 and 3); Terry has no last name twice,
    /// which is no clash (a NULL never equals another in a unique index).
    static let authors: [BookshelfStore.Author] = [
        (1, "Ursula", "Le Guin"), (2, "Iain", "Banks"), (3, "Ursula", "Le Guin"), (4, "Terry", nil), (5, "Terry", nil),
    ]
    static let books: [BookshelfStore.Book] = [(1, "The Dispossessed"), (2, nil), (3, "Excession"), (4, nil)]

    private func checks(authors: [BookshelfStore.Author], books: [BookshelfStore.Book]) throws -> [CoreDataRowCheck] {
        let directory = try ModelFolder()
        let plan = ModelBundlePlan(bundle: try ModelBundle(url: try BookshelfStore.stricterModel(in: directory.url)))
        let store = try BookshelfStore.write(authors: authors, books: books, in: directory.url)
        let imported = try PrivateImport(of: AppleStore(url: store), plan: plan.check().0)
        defer { imported.remove() }
        #expect(imported.version.version == Schema.Version(1, 0, 0))
        return try CoreDataRowCheck.checks(
            of: CoreDataStep(plan: plan, from: 0, to: 1), plan: plan, store: imported.url)
    }

    @Test func nullsInANewlyRequiredAttributeAndDuplicatesUnderANewConstraintFail() throws {
        let found = try checks(authors: Self.authors, books: Self.books)
        let title = try #require(found.first { $0.verdict.condition == .noNulls(entity: "Book", attribute: "title") })
        #expect(!title.passes)
        #expect(title.count == 2 && title.samples == ["Book/2", "Book/4"])
        #expect(title.description.contains("FAILS, 2 rows of Book have no title (Book/2, Book/4)"))
        #expect(title.description.contains("134110"))
        let unique = try #require(
            found.first {
                $0.verdict.condition == .noDuplicates(entity: "Author", attributes: ["firstName", "lastName"])
            })
        #expect(unique.count == 1 && unique.samples == ["(Ursula, Le Guin) x2"])
        #expect(unique.description.contains("134111"))
        #expect(
            unique.verdict.line == 3 && unique.verdict.file?.path.hasSuffix("TestModel 2.xcdatamodel/contents") == true)
    }

    @Test func rowsThatFitPass() throws {
        let found = try checks(
            authors: [(1, "Ursula", "Le Guin"), (2, "Terry", nil), (3, "Terry", nil)],
            books: [(1, "The Dispossessed")])
        #expect(found.count == 2)
        #expect(found.filter { !$0.passes }.isEmpty)
        #expect(found.map(\.description).contains("Book.title made required: passes, every row of Book has a title"))
    }

    @Test func aStepThatDependsOnlyOnTheRowsIsDeclaredToRunInBothModes() throws {
        // Strata's own rules would not infer a newly required attribute without a default; Core Data does, failing
        // only on the rows, so the plan declares the step and the engine's check of required values decides.
        let directory = try ModelFolder()
        let bundle = try ModelBundle(url: try BookshelfStore.stricterModel(in: directory.url))
        for progressive in [false, true] {
            let (validated, problems) = ModelBundlePlan(bundle: bundle, progressive: progressive).check()
            #expect(problems.isEmpty)
            #expect(validated.stages.map(\.description) == ["inferred TestModel -> TestModel 2"])
        }
    }

    @Test func aRenamedEntityIsCheckedUnderItsStoredName() throws {
        // Tasks 3 renames Tag to Label (elementID="Tag") and makes Label.name unique: in a store at Tasks 2 the rows
        // are Tag's. Two tags are named "home", one "work", one has no name; Task has no rows.
        let plan = ModelBundlePlan(bundle: try ModelBundle(url: ModelBundleFixtures.tasks))
        let directory = try ModelFolder()
        let store = directory.url.appendingPathComponent("Tasks.store")
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in
            for statement in StoreLayout(schema: plan.schemas[1]).createStatements() { try db.execute(sql: statement) }
            try StoreMetadata.write(plan.schemas[1], to: db)
            for (key, name) in [(1, "home"), (2, "work"), (3, "home"), (4, nil)] as [(Int, String?)] {
                try db.execute(
                    sql: "INSERT INTO \"Tag\" (\"\(StoreLayout.primaryKey)\", \"name\") VALUES (?, ?)",
                    arguments: [key, name])
            }
        }
        try queue.close()
        let found = try CoreDataRowCheck.checks(
            of: CoreDataStep(plan: plan, from: 1, to: 2), plan: plan, store: store)
        let unique = try #require(found.first { $0.verdict.entity == "Label" })
        #expect(unique.storedEntity == "Tag")
        #expect(unique.count == 1 && unique.samples == ["home x2"])
        #expect(unique.description.contains("rows of Label (stored as Tag) (name)"))
        // Task.notes is added required without a default: it passes, Task has no rows.
        let notes = try #require(found.first { $0.verdict.condition == .noRows(entity: "Task") })
        #expect(notes.passes && notes.description.hasSuffix("passes, Task has no rows"))
    }
}
