import Foundation
import Strata
import Testing

/// `strata migrate --dry-run --rows`: each stage's row changes, checked against the store read before and a copy
/// migrated for real, both read back through `StoreInspector` (not the recorder).
@Suite struct RowChangesCommandTests {
    @Test func jsonGivesEachStageItsRowsBeforeAndAfter() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 6)
        let migrated = directory.path("migrated.store")
        try FileManager.default.copyItem(atPath: store, toPath: migrated)
        #expect(try CommandRun.strata("migrate", migrated, "--plan", "bookshelf", "--yes").status == 0)
        let before = try Self.rows(store)
        let after = try Self.rows(migrated)

        let run = try CommandRun.strata(
            "migrate", store, "--plan", "bookshelf", "--dry-run", "--rows", "--limit", "2", "--json")
        #expect(run.status == 0, "\(run.standardError)")
        let json = try run.json()
        #expect(json["format"] as? String == "strata.migrate/2")
        let stages = try #require(json["stages"] as? [[String: Any]])
        #expect(stages.count == 2)
        #expect(stages.allSatisfy { $0["rowsCopied"] is Int })
        let rename = try #require((stages[0]["rows"] as? [[String: Any]])?.first)
        #expect(
            rename["entity"] as? String == "Book" && rename["unchanged"] as? Int == 6 && rename["changed"] as? Int == 0)

        let split = try #require((stages[1]["rows"] as? [[String: Any]])?.first)
        #expect(split["entity"] as? String == "Book")
        #expect(split["changed"] as? Int == 6)
        #expect(split["inserted"] as? Int == 0 && split["deleted"] as? Int == 0 && split["unchanged"] as? Int == 0)
        let samples = try #require(split["samples"] as? [[String: Any]])
        #expect(samples.count == 2)
        for sample in samples {
            let key = try #require(sample["key"] as? Int)
            let earlier = try #require(sample["before"] as? [String: Any])
            let later = try #require(sample["after"] as? [String: Any])
            // Every stored property of both versions, NULL as null.
            #expect(earlier.keys.sorted() == ["author", "isbnCode", "publishedYear", "title"])
            #expect(later.keys.sorted() == ["firstName", "isbnCode", "lastName", "publishedYear", "title"])
            #expect(earlier["publishedYear"] is NSNull && later["publishedYear"] is NSNull)
            #expect(earlier["author"] as? String == before[key]?["author"])
            #expect(earlier["isbnCode"] as? String == before[key]?["isbn"])
            #expect(later["firstName"] as? String == after[key]?["firstName"])
            #expect(later["lastName"] as? String == after[key]?["lastName"])
            #expect(later["title"] as? String == before[key]?["title"])
            #expect((sample["changed"] as? [String])?.sorted() == ["author", "firstName", "lastName"])
        }
    }

    @Test func textMarksTheChangedValuesAndNarrowsToAnEntity() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 3)
        let before = try Self.rows(store)
        let run = try CommandRun.strata(
            ["migrate", store, "--plan", "bookshelf", "--dry-run", "--rows", "Book", "--limit", "1"],
            environment: ["NO_COLOR": "1"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("rows of Book: 0 changed, 0 inserted, 0 deleted, 3 unchanged"))
        #expect(run.standardOutput.contains("rows of Book: 3 changed, 0 inserted, 0 deleted, 0 unchanged"))
        #expect(run.standardOutput.contains("author dropped in 3, firstName filled in 3, lastName filled in 3"))
        let author = try #require(before[1]?["author"])
        #expect(run.standardOutput.contains("*author=\"\(author)\""))
        // One sample: the first stage changed no row (samples are changed, inserted and deleted rows).
        #expect(run.standardOutput.components(separatedBy: "before: ").count - 1 == 1)

        let unknown = try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--dry-run", "--rows", "Author")
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("has no entity Author; its entities are Book"))
        let real = try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--rows", "--yes")
        #expect(real.status != 0 && real.standardError.contains("--rows shows what a dry run does"))
    }

    /// Every Book row of a store as text, by key, read with `StoreInspector`.
    private static func rows(_ path: String) throws -> [Int: [String: String]] {
        let page = try StoreInspector(url: URL(fileURLWithPath: path)).rows(entity: "Book", limit: 1000)
        var result: [Int: [String: String]] = [:]
        for row in page.rows {
            guard case .integer(let key) = row[0] else { continue }
            result[Int(key)] = Dictionary(uniqueKeysWithValues: zip(page.columns, row.map(\.description)))
        }
        return result
    }
}
