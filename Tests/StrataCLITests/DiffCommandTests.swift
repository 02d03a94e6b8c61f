import Testing

/// `strata diff`: classified changes between two versions, with data counts from a store.
@Suite struct DiffCommandTests {
    @Test func textShowsEachChangeWithItsClassification() throws {
        let run = try CommandRun.strata("diff", "--plan", "bookshelf", "1.0.0", "2.0.0")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("Plan bookshelf: 1.0.0 -> 2.0.0, 2 changes: 2 lightweight"))
        #expect(run.standardOutput.contains("~ Book.isbnCode renamed from isbn  [lightweight]"))
        #expect(run.standardOutput.contains("+ Book.publishedYear added"))
    }

    @Test func acrossSeveralVersionsTheDiffGoesStepByStep() throws {
        let run = try CommandRun.strata("diff", "--plan", "bookshelf", "1.0.0", "3.0.0")
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Plan bookshelf: 1.0.0 -> 3.0.0, 5 changes: 2 lightweight, 2 custom, 1 destructive")
        #expect(
            lines.prefix(4).dropFirst() == [
                " 1.0.0 -> 2.0.0", "  ~ Book.isbnCode renamed from isbn  [lightweight]",
                "  + Book.publishedYear added (Int, optional)  [lightweight]",
            ])
        #expect(lines.contains(" 2.0.0 -> 3.0.0") && !run.standardOutput.contains("isbn removed"))
        let json = try CommandRun.strata("diff", "--plan", "bookshelf", "1.0.0", "3.0.0", "--json").json()
        let changes = try #require(json["changes"] as? [[String: Any]])
        #expect(
            changes.map { $0["step"] as? String } == [
                "1.0.0 -> 2.0.0", "1.0.0 -> 2.0.0", "2.0.0 -> 3.0.0", "2.0.0 -> 3.0.0", "2.0.0 -> 3.0.0",
            ])
        let backwards = try CommandRun.strata("diff", "--plan", "bookshelf", "3.0.0", "1.0.0", "--json").json()
        // Backwards the steps go in reverse, so the rename of isbn reads as a rename back (issue 44, item 9).
        let back = try #require(backwards["changes"] as? [[String: Any]])
        #expect(Set(back.compactMap { $0["step"] as? String }) == ["3.0.0 -> 2.0.0", "2.0.0 -> 1.0.0"], "\(back)")
        #expect(
            back.contains {
                $0["property"] as? String == "isbn"
                    && ($0["description"] as? String ?? "").contains("renamed from isbnCode")
            }, "\(back)")
        #expect(!back.contains { $0["property"] as? String == "isbnCode" }, "\(back)")
    }

    @Test func jsonCarriesReasonsFixesAndLosses() throws {
        let json = try CommandRun.strata("diff", "--plan", "bookshelf", "2.0.0", "3.0.0", "--json").json()
        #expect(json["format"] as? String == "strata.diff/1")
        #expect(json["from"] as? String == "2.0.0")
        #expect(json["to"] as? String == "3.0.0")
        let counts = try #require(json["counts"] as? [String: Int])
        #expect(counts == ["lightweight": 0, "custom": 2, "destructive": 1])
        let changes = try #require(json["changes"] as? [[String: Any]])
        let firstName = try #require(changes.first { $0["property"] as? String == "firstName" })
        #expect(firstName["entity"] as? String == "Book")
        #expect(firstName["marker"] as? String == "+")
        #expect(firstName["classification"] as? String == "custom")
        #expect((firstName["reason"] as? String)?.isEmpty == false)
        #expect((firstName["fix"] as? String)?.isEmpty == false)
        let author = try #require(changes.first { $0["property"] as? String == "author" })
        #expect(author["classification"] as? String == "destructive")
        #expect((author["loss"] as? String)?.contains("Book.author") == true)
        #expect(json["store"] == nil && json["findings"] == nil)
    }

    @Test func storeAddsDataFindings() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 7)
        #expect(try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--to", "2.0.0", "--yes").status == 0)
        let before = TemporaryStore.digests(of: store)
        let json = try CommandRun.strata("diff", "--plan", "bookshelf", "2.0.0", "3.0.0", "--store", store, "--json")
            .json()
        #expect(json["store"] as? String == store)
        let findings = try #require(json["findings"] as? [[String: Any]])
        let lacking = try #require(
            findings.first { $0["kind"] as? String == "rowsLackingValue" && $0["property"] as? String == "firstName" })
        #expect(lacking["count"] as? Int == 7)
        #expect((lacking["samples"] as? [String])?.first == "Book/1")
        #expect(
            findings.contains {
                $0["kind"] as? String == "valuesDropped" && $0["property"] as? String == "author"
                    && $0["count"] as? Int == 7
            })
        let text = try CommandRun.strata("diff", "--plan", "bookshelf", "2.0.0", "3.0.0", "--store", store)
            .standardOutput
        #expect(text.contains("Book.author: 7 non-nil values dropped"))
        #expect(TemporaryStore.digests(of: store) == before)
    }

    @Test func storeAtAnotherVersionIsAUsageError() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 3)
        let run = try CommandRun.strata("diff", "--plan", "bookshelf", "2.0.0", "3.0.0", "--store", store)
        #expect(run.status == 2)
        #expect(run.standardError.contains("is at 1.0.0, not 2.0.0"))
    }
}
