import Testing

/// `strata info`: version, entities with row counts and history, as text and as `strata.info/1`.
@Suite struct InfoCommandTests {
    @Test func textNamesVersionEntitiesAndEmptyHistory() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 24)
        let run = try CommandRun.strata("info", store)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.contains("Version  1.0.0"))
        #expect(run.standardOutput.contains("Book"))
        #expect(run.standardOutput.contains("24"))
        #expect(run.standardOutput.contains("title: String"))
        #expect(run.standardOutput.contains("no migrations applied"))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(plan: "trips", rows: 10)
        let json = try CommandRun.strata("info", store, "--json").json()
        #expect(json["format"] as? String == "strata.info/1")
        #expect(json["store"] as? String == store)
        #expect(json["storeFormat"] as? Int == 1)
        #expect(json["version"] as? String == "1.0.0")
        #expect((json["fingerprint"] as? String)?.count == 64)
        let entities = try #require(json["entities"] as? [[String: Any]])
        let trip = try #require(entities.first { $0["name"] as? String == "Trip" })
        #expect(trip["rows"] as? Int == 10)
        let attributes = try #require(trip["attributes"] as? [[String: Any]])
        #expect(
            attributes.contains {
                $0["name"] as? String == "name" && $0["type"] as? String == "String" && $0["optional"] as? Bool == false
            })
        let relationships = try #require(trip["relationships"] as? [[String: Any]])
        #expect(relationships.contains { $0["toMany"] as? Bool == true && $0["deleteRule"] != nil })
        #expect((json["history"] as? [Any])?.isEmpty == true)
    }

    @Test func historyListsAppliedStages() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 6)
        #expect(try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--yes").status == 0)
        let json = try CommandRun.strata("info", store, "--json").json()
        #expect(json["version"] as? String == "3.0.0")
        let history = try #require(json["history"] as? [[String: Any]])
        #expect(history.map { $0["to"] as? String } == ["2.0.0", "3.0.0"])
        #expect(history.map { $0["kind"] as? String } == ["lightweight", "custom"])
        #expect(history.allSatisfy { ($0["appliedAt"] as? String)?.contains("T") == true })
        let text = try CommandRun.strata("info", store).standardOutput
        #expect(text.contains("custom 2.0.0 -> 3.0.0, 6 rows"))
    }
}
