import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Testing

/// Core Data's inferred migration writes an added attribute's default into every existing row, and a newly required
/// attribute's default into the rows without a value (docs/APPLE_STORES.md, "Defaults"). The expected values are
/// stated here from the model's XML as Core Data reads it, not from Strata's code.
struct CoreDataDefaultsTests {
    /// Book 1 has a title, book 2 none.
    static let books: [BookshelfStore.Book] = [(1, "Excession"), (2, nil)]

    @Test func everyDefaultFormIsReadTypedFromTheModel() throws {
        let directory = try ModelFolder()
        let bundle = try ModelBundle(url: try BookshelfStore.defaultsModel(in: directory.url))
        let book = try #require(bundle.versions[1].entity(named: "Book"))
        func value(_ name: String) -> AppleValue? { book.attributes.first { $0.name == name }?.defaultValue }
        #expect(value("isRead") == .bool(true))
        #expect(value("copies") == .integer(2))
        #expect(value("isLent") == .integer(0))
        #expect(value("rating") == .real(4.5))
        #expect(value("price") == .decimal(Decimal(string: "9.99")!))
        #expect(value("language") == .text("en"))
        #expect(value("addedAt") == .date(Date(timeIntervalSinceReferenceDate: 600_000_000)))
        #expect(value("shelf") == .uuid(UUID(uuidString: "0F3C2A9E-5B1D-4E77-9C1A-2D8B6E4F7A10")!))
        #expect(value("link") == .url("https://example.org/books"))
        #expect(value("title") == .text("Untitled"))
    }

    @Test func anInferredStepFillsEveryDefaultIntoTheExistingRows() throws {
        let directory = try ModelFolder()
        let plan = ModelBundlePlan(bundle: try ModelBundle(url: try BookshelfStore.defaultsModel(in: directory.url)))
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty)
        let step = CoreDataStep(plan: plan, from: 0, to: 1)
        #expect(step.canInfer && step.dataDependent.isEmpty)
        let store = try BookshelfStore.write(authors: [], books: Self.books, in: directory.url)
        let imported = try PrivateImport(of: AppleStore(url: store), plan: validated)
        defer { imported.remove() }
        let migrator = try Migrator(store: imported.url, validated: validated, to: Schema.Version(2, 0, 0))
        let reports = try migrator.runAll()
        #expect(reports.count == 1 && reports.allSatisfy { $0.failure == nil })
        let rows = try DatabaseQueue(path: imported.url.path).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT "title", "isRead", "copies", "isLent", "rating", "price", "language", "addedAt", "shelf",
                        "link" FROM "Book" ORDER BY "\(StoreLayout.primaryKey)"
                    """)
        }
        #expect(rows.count == 2)
        #expect(rows.map { $0["title"] as String? } == ["Excession", "Untitled"])
        for row in rows {
            #expect(row["isRead"] as Int64? == 1)
            #expect(row["copies"] as Int64? == 2)
            #expect(row["isLent"] as Int64? == 0)
            #expect(row["rating"] as Double? == 4.5)
            #expect(row["price"] as String? == "9.99")
            #expect(row["language"] as String? == "en")
            #expect(row["addedAt"] as Double? == 600_000_000)
            let uuid = UUID(uuidString: "0F3C2A9E-5B1D-4E77-9C1A-2D8B6E4F7A10")!
            #expect(row["shelf"] as Data? == withUnsafeBytes(of: uuid.uuid) { Data($0) })
            #expect(row["link"] as String? == "https://example.org/books")
        }
    }

    @Test func aRequiredBinaryWithoutADefaultFailsOnRowsAsTheVerdictSays() throws {
        // The model editor offers no default for Binary: a required one added to an entity with rows is Core Data's
        // 134110. The verdict names the condition, and the dry run fails on it; without rows both pass.
        let directory = try ModelFolder()
        let plan = ModelBundlePlan(bundle: try ModelBundle(url: try BookshelfStore.defaultsModel(in: directory.url)))
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty)
        let step = CoreDataStep(plan: plan, from: 1, to: 2)
        #expect(step.dataDependent.map(\.condition) == [.noRows(entity: "Book")])
        for books in [Self.books, []] {
            let folder = try ModelFolder()
            let store = try BookshelfStore.write(authors: [], books: books, in: folder.url)
            let imported = try PrivateImport(of: AppleStore(url: store), plan: validated)
            defer { imported.remove() }
            let report = try Migrator.dryRun(store: imported.url, validated: validated)
            #expect(report.stages.count == 1)
            if books.isEmpty {
                #expect(report.succeeded, "\(report.failure?.description ?? "")")
            } else {
                #expect(
                    report.failure?.description.contains("Book.cover") == true,
                    "\(report.failure?.description ?? "no failure")")
            }
        }
    }
}
