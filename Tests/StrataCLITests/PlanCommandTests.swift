import Testing

/// `strata plan`: the stages from the store's version, as text and as `strata.plan/1`, without writing the store.
@Suite struct PlanCommandTests {
    @Test func textListsStagesFromTheStoreVersion() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 5)
        let before = TemporaryStore.digests(of: store)
        let run = try CommandRun.strata("plan", store, "--plan", "bookshelf", "--sql")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("is at 1.0.0; plan bookshelf leads to 3.0.0 in 2 stages:"))
        #expect(run.standardOutput.contains("1. lightweight 1.0.0 -> 2.0.0"))
        #expect(run.standardOutput.contains("2. custom 2.0.0 -> 3.0.0"))
        #expect(run.standardOutput.contains("steps:"))
        #expect(run.standardOutput.contains("\"Book\""))
        #expect(TemporaryStore.digests(of: store) == before)
    }

    @Test func jsonStopsAtTheRequestedVersion() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 5)
        let json = try CommandRun.strata("plan", store, "--plan", "bookshelf", "--to", "2.0.0", "--json").json()
        #expect(json["format"] as? String == "strata.plan/1")
        #expect(json["plan"] as? String == "bookshelf")
        #expect(json["storeVersion"] as? String == "1.0.0")
        #expect(json["target"] as? String == "2.0.0")
        let stages = try #require(json["stages"] as? [[String: Any]])
        #expect(stages.count == 1)
        #expect(stages[0]["index"] as? Int == 1)
        #expect(stages[0]["title"] as? String == "1.0.0 -> 2.0.0")
        let steps = try #require(stages[0]["steps"] as? [[String: Any]])
        #expect(!steps.isEmpty)
        #expect(steps.allSatisfy { $0["summary"] is String && $0["phase"] is String && $0["sql"] is [String] })
    }

    @Test func storeAtTheTargetHasNothingToRun() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 2)
        let run = try CommandRun.strata("plan", store, "--plan", "bookshelf", "--to", "1.0.0")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("nothing to run"))
    }
}
