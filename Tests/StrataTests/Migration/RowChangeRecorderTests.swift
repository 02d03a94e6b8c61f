import Foundation
import GRDB
import Strata
import StrataExamples
import Testing

/// The row changes a dry run records, checked against the same stages run for real on another copy and compared by
/// plain SQL and dictionaries here (not by the recorder's SQL).
@Suite struct RowChangeRecorderTests {
    @Test func bookshelfAuthorSplitMatchesTheRealRunRowByRow() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        let stages = try stageByStage(url, plan: Bookshelf.Plan.self, versions: ["2.0.0", "3.0.0"], in: directory)
        let report = try Migrator.dryRun(
            store: url, plan: Bookshelf.Plan.self, rows: RowChangeOptions(sampleLimit: 10))
        #expect(report.succeeded)
        #expect(report.stages.count == 2)

        // 1.0.0 -> 2.0.0 renames isbn to isbnCode and adds an optional year: every row keeps its values.
        let rename = try #require(report.stages[0].rowChanges.first)
        let expectedRename = PlainComparison(
            before: try PlainRows(stages[0], "Book"), after: try PlainRows(stages[1], "Book"),
            renamed: ["isbnCode": "isbn"])
        #expect(rename.entity == "Book")
        #expect(rename.unchanged == 3 && rename.changed == 0 && rename.inserted == 0 && rename.deleted == 0)
        #expect(expectedRename.changed.isEmpty && expectedRename.kept.count == 3)
        #expect(rename.properties.isEmpty)

        // 2.0.0 -> 3.0.0 splits the author: every row changed, author dropped, both names filled.
        let split = try #require(report.stages[1].rowChanges.first)
        let before = try PlainRows(stages[1], "Book")
        let after = try PlainRows(stages[2], "Book")
        let expected = PlainComparison(before: before, after: after, renamed: [:])
        #expect(split.changed == expected.changed.count)
        #expect(split.changed == 3)
        #expect(split.unchanged == expected.kept.count - expected.changed.count)
        #expect(split.inserted == expected.inserted.count && split.deleted == expected.deleted.count)
        #expect(
            split.properties.map { "\($0.property) \($0.kind.rawValue) \($0.rows)" }.sorted() == [
                "author dropped 3", "firstName filled 3", "lastName filled 3",
            ])
        #expect(split.samples.count == 3)
        for sample in split.samples {
            #expect(sample.kind == .changed)
            #expect(sample.changedProperties.sorted() == ["author", "firstName", "lastName"])
            // Every stored property of both versions, with the values plain SQL reads from the two copies.
            #expect(sample.before?.names.sorted() == ["author", "isbnCode", "publishedYear", "title"])
            #expect(sample.after?.names.sorted() == ["firstName", "isbnCode", "lastName", "publishedYear", "title"])
            for (name, value) in before.rows[sample.key] ?? [:] where name != "_pk" {
                #expect(sample.before?[name]?.description == Self.text(value), "\(name) before")
            }
            for (name, value) in after.rows[sample.key] ?? [:] where name != "_pk" {
                #expect(sample.after?[name]?.description == Self.text(value), "\(name) after")
            }
        }
        let dune = try #require(split.samples.first { $0.before?["author"] == .text("Frank Herbert") })
        #expect(dune.after?["firstName"] == .text("Frank") && dune.after?["lastName"] == .text("Herbert"))
    }

    @Test func customStageThatDeletesAndReinsertsIsPairedByTheUniqueName() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("recipes")
        try makeRecipesV1(at: url)
        let stages = try stageByStage(url, plan: RecipesPlan.self, versions: ["2.0.0"], in: directory)
        let report = try Migrator.dryRun(store: url, plan: RecipesPlan.self, rows: RowChangeOptions(sampleLimit: 10))
        #expect(report.succeeded)
        let changes = try #require(report.stages.first?.rowChanges.first)

        let before = try PlainRows(stages[0], "Recipe")
        let after = try PlainRows(stages[1], "Recipe")
        // The stage gave every row a new key: by key alone, all four were deleted and four inserted.
        #expect(Set(before.rows.keys).isDisjoint(with: after.rows.keys))
        let byName = PlainComparison(before: before, after: after, renamed: [:], pairedBy: "name")
        #expect(byName.kept.count == 3 && byName.deleted.count == 1 && byName.inserted.count == 1)
        #expect(changes.pairedBy == "name")
        #expect(changes.reinserted == byName.kept.count)
        #expect(changes.changed == byName.changed.count)
        #expect(changes.unchanged == byName.kept.count - byName.changed.count)
        #expect(changes.inserted == 1 && changes.deleted == 1)
        #expect(
            changes.properties.map { "\($0.property) \($0.kind.rawValue) \($0.rows)" }.sorted() == [
                "durationSeconds filled 3", "minutes dropped 3", "servings filled 3",
            ])

        let soup = try #require(changes.samples.first { $0.after?["name"] == .text("Soup") })
        #expect(soup.kind == .changed)
        #expect(soup.keyBefore != nil && soup.keyBefore != soup.key)
        #expect(soup.before?["minutes"] == .integer(45) && soup.after?["durationSeconds"] == .integer(2700))
        #expect(soup.before?["notes"] == .null && soup.after?["notes"] == .null)
        let toast = try #require(changes.samples.first { $0.kind == .deleted })
        #expect(toast.before?["name"] == .text("Toast") && toast.after == nil)
        let water = try #require(changes.samples.first { $0.kind == .inserted })
        #expect(water.after?["name"] == .text("Water") && water.before == nil)
    }

    @Test func changesSinceTheStorePageAcrossStagesWithRenamesComposed() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        let migrator = try Migrator.onPrivateCopy(of: url, plan: Bookshelf.Plan.self)
        try migrator.recordRowChanges(RowChangeOptions(sampleLimit: 0))
        let recorder = try #require(migrator.rowRecorder)
        #expect(try recorder.changesSinceStore(of: "Book") == nil)
        _ = try migrator.runAll()
        let counts = try #require(try recorder.changesSinceStore(of: "Book"))
        #expect(counts.changed == 3 && counts.unchanged == 0)
        // isbn (1.0.0) and isbnCode (3.0.0) are one property: compared, never dropped nor filled.
        #expect(!counts.properties.contains { $0.property == "isbn" || $0.property == "isbnCode" })
        let first = try recorder.page(of: "Book", kind: .changed, counts: counts, offset: 1, limit: 5)
        let original = try PlainRows(url, "Book")
        #expect(first.count == 2)
        #expect(first.map(\.key) == original.rows.keys.sorted().dropFirst().map { $0 })
        #expect(first.allSatisfy { $0.before?["isbn"] == $0.after?["isbnCode"] })
        #expect(try recorder.page(of: "Book", kind: .inserted, counts: counts, offset: 0, limit: 5).isEmpty)
    }

    /// The store, then a copy migrated for real to each of `versions` in turn (one file per version).
    func stageByStage(
        _ url: URL, plan: any SchemaMigrationPlan.Type, versions: [String], in directory: TemporaryDirectory
    ) throws -> [URL] {
        var files = [url]
        let working = directory.store("working")
        try FileManager.default.copyItem(at: url, to: working)
        let migrator = try Migrator(store: working, plan: plan)
        for version in versions {
            _ = try migrator.run(to: try #require(Schema.Version(version)))
            let file = directory.store("at-\(version)")
            try migrator.backup(to: file)
            files.append(file)
        }
        return files
    }

    /// How plain SQL shows a value, as `StoredValue.description` does for text and numbers.
    private static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text
        case .blob(let data): "\(data)"
        }
    }
}

/// Every row of a table, read with plain SQL: key -> column -> value.
struct PlainRows {
    let rows: [Int64: [String: DatabaseValue]]

    init(_ url: URL, _ table: String) throws {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        rows = try queue.read { db in
            var result: [Int64: [String: DatabaseValue]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"") {
                let key: Int64 = row["_pk"]
                result[key] = Dictionary(uniqueKeysWithValues: row.columnNames.map { ($0, row[$0] as DatabaseValue) })
            }
            return result
        }
    }
}

/// Two versions of a table's rows compared in Swift: matched by key, or by `pairedBy` when given.
struct PlainComparison {
    /// (before key, after key) of the rows in both versions.
    var kept: [(Int64, Int64)] = []
    /// The kept rows whose values (a missing column read as NULL) differ.
    var changed: [(Int64, Int64)] = []
    var inserted: [Int64] = []
    var deleted: [Int64] = []

    init(before: PlainRows, after: PlainRows, renamed: [String: String], pairedBy: String? = nil) {
        func match(_ row: [String: DatabaseValue]) -> DatabaseValue? { pairedBy.map { row[$0] ?? .null } }
        var unmatched = before.rows
        for (key, row) in after.rows.sorted(by: { $0.key < $1.key }) {
            let partner =
                pairedBy == nil
                ? before.rows[key].map { (key, $0) }
                : unmatched.first { match($0.value) == match(row) }.map { ($0.key, $0.value) }
            guard let (beforeKey, old) = partner else {
                inserted.append(key)
                continue
            }
            unmatched[beforeKey] = nil
            kept.append((beforeKey, key))
            var names = Set(row.keys).union(old.keys.map { name in renamed.first { $0.value == name }?.key ?? name })
            names.remove("_pk")
            if names.contains(where: { (row[$0] ?? .null) != (old[renamed[$0] ?? $0] ?? .null) }) {
                changed.append((beforeKey, key))
            }
        }
        deleted = unmatched.keys.sorted()
    }
}
