import Testing

/// `strata check`: a valid bundled plan as text and as `strata.check/1`.
@Suite struct CheckCommandTests {
    @Test func validPlanSaysOKAndExitsZero() throws {
        let run = try CommandRun.strata("check", "--plan", "bookshelf")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("Plan bookshelf: 3 versions, 2 stages"))
        #expect(run.standardOutput.contains("2. custom 2.0.0 -> 3.0.0"))
        #expect(run.standardOutput.contains("OK: the plan is valid."))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let run = try CommandRun.strata("check", "--plan", "trips", "--json")
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["format"] as? String == "strata.check/1")
        #expect(json["plan"] as? String == "trips")
        #expect(json["valid"] as? Bool == true)
        #expect((json["problems"] as? [String])?.isEmpty == true)
        let versions = try #require(json["versions"] as? [[String: Any]])
        #expect(versions.map { $0["version"] as? String } == ["1.0.0", "2.0.0", "3.0.0"])
        #expect(versions.allSatisfy { ($0["entities"] as? [String])?.contains("Trip") == true })
        let stages = try #require(json["stages"] as? [[String: Any]])
        #expect(stages.map { $0["kind"] as? String } == ["custom", "lightweight"])
        #expect(stages.allSatisfy { $0["changes"] is [[String: Any]] && $0["steps"] is [[String: Any]] })
    }
}
