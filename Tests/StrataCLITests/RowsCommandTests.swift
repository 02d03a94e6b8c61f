import Testing

/// `strata rows`: pages of rows as a table and as `strata.rows/1`, filtered with bound values.
@Suite struct RowsCommandTests {
    @Test func textIsATableWithAPageLine() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 24)
        let run = try CommandRun.strata("rows", store, "Book", "--limit", "5", "--offset", "2")
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("_pk") == true)
        #expect(lines.first?.contains("title") == true && lines.first?.contains("isbn") == true)
        #expect(lines.count == 8)
        #expect(lines[2].hasPrefix("3 "))
        #expect(lines.last == "Book: rows 3-7 of 24")
    }

    @Test func jsonRowsAreKeyedByColumnAndFiltersBindValues() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 24)
        let run = try CommandRun.strata("rows", store, "Book", "--where", "author=Jane Austen", "--json")
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["format"] as? String == "strata.rows/1")
        #expect(json["entity"] as? String == "Book")
        #expect(json["columns"] as? [String] == ["_pk", "author", "isbn", "title"])
        #expect(json["total"] as? Int == 2)
        #expect(json["limit"] as? Int == 50 && json["offset"] as? Int == 0)
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.map { $0["_pk"] as? Int } == [2, 14])
        #expect(rows.allSatisfy { $0["author"] as? String == "Jane Austen" })

        let injected = try CommandRun.strata("rows", store, "Book", "--where", "author=x' OR '1'='1", "--json").json()
        #expect(injected["total"] as? Int == 0)
        let byKey = try CommandRun.strata(
            "rows", store, "Book", "--where", "_pk=3", "--where", "isbn=978-0000000003", "--json"
        ).json()
        #expect(byKey["total"] as? Int == 1)
    }

    @Test func unknownColumnAndMalformedWhereAreUsageErrors() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 3)
        let unknown = try CommandRun.strata("rows", store, "Book", "--where", "colour=red")
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("Book has no column 'colour'; its columns are _pk, author, isbn, title"))
        let malformed = try CommandRun.strata("rows", store, "Book", "--where", "title")
        #expect(malformed.status == 2)
        #expect(
            malformed.standardError.contains("cannot read the filter 'title'")
                && malformed.standardError.contains("column~text"))
    }
}
