import Foundation
import Testing

/// The custom stage `strata next-version` writes (issue 45), built and run at the compiled level on a sample store at
/// the shipped version: the values `--fill` and the conversions give land in the rows as a reference computed here
/// from the sample rows says. Runs with STRATA_COMPILED_TESTS=1, as Tests/compiled-sources.sh runs it.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["STRATA_COMPILED_TESTS"] == "1"))
struct NextVersionCompiledTests {
    @Test func theWrittenCustomStageCompilesAndFillsTheRows() throws {
        let temporary = try TemporaryStore()
        let app = try NextVersionCommandTests.app("TripsNoPlan", in: temporary)
        let record = temporary.path("strata-freeze.json")
        #expect(try CommandRun.strata("next-version", "--sources", app, "--frozen", record, "--write").status == 0)
        let store = temporary.path("Trips.store")
        #expect(try CommandRun.strata("new", store, "--sources", app, "--at", "1.0.0", "--sample", "6").status == 0)
        let before = try #require(
            try CommandRun.strata("rows", store, "Stop", "--json").json()["rows"] as? [[String: Any]])

        // The developer's edit: Stop.nights becomes a Double, Trip gains a required count of its stops.
        let stop = app + "/Models/Stop.swift"
        try NextVersionCommandTests.edit(stop, "var nights: Int", "var nights: Double")
        try NextVersionCommandTests.edit(stop, "nights: Int)", "nights: Double)")
        let trip = app + "/Models/Trip.swift"
        try NextVersionCommandTests.edit(trip, "var startDate: Date\n", "var startDate: Date\n    var stopCount: Int\n")
        try NextVersionCommandTests.edit(
            trip, "self.startDate = startDate\n", "self.startDate = startDate\n        stopCount = 0\n")
        // The cache's targets holding the stage before the proof: a reused cache keeps the real app's target of an
        // earlier run (its real migrate below builds the app itself, which stays, as every app's target does).
        let earlier = Self.targetsHolding("old.stops.count")
        // --compiled: the stage is built and dry-run on a sample store before it is written.
        let staged = try CompiledSourcesTests.compiled(
            "next-version", "--sources", app, "--frozen", record, "--fill", "Trip.stopCount=old.stops.count",
            "--compiled", "--write")
        #expect(staged.status == 0, "\(staged.standardError)")
        #expect(staged.standardOutput.contains("Stage: custom 1.0.0 -> 2.0.0"))
        #expect(staged.standardOutput.contains("Dry run at the compiled level on a sample store at 1.0.0:"))
        #expect(staged.standardOutput.contains("1.0.0 -> 2.0.0 [custom]: "))
        #expect(staged.standardOutput.contains("row writes, succeeded"))
        // The proof's scratch copy was built once: no new target of the shared cache holds its stage (the other
        // suites build in the cache meanwhile, so its listing is not compared whole; CompiledScratchRemovalTests does).
        let holdingTheStage = Self.targetsHolding("old.stops.count").subtracting(earlier)
        #expect(holdingTheStage.isEmpty, "the proof's copy stays in the cache: \(holdingTheStage)")

        let real = try CompiledSourcesTests.compiled("migrate", store, "--sources", app, "--yes", "--json")
        #expect(real.status == 0, "\(real.standardError)")
        #expect(try real.json()["reached"] as? String == "2.0.0")
        let stops = try #require(
            try CommandRun.strata("rows", store, "Stop", "--json").json()["rows"] as? [[String: Any]])
        #expect(
            stops.compactMap { $0["nights"] as? Double }
                == before.compactMap { ($0["nights"] as? Int).map(Double.init) })
        // A sample stop n belongs to trip n, but every fourth stop has no trip: trip 4 has none.
        let trips = try #require(
            try CommandRun.strata("rows", store, "Trip", "--json").json()["rows"] as? [[String: Any]])
        #expect(trips.compactMap { $0["stopCount"] as? Int } == [1, 1, 1, 0, 1, 1])
    }

    /// The targets of the shared compiled cache with a file containing `text` (none when the cache is not made yet).
    static func targetsHolding(_ text: String) -> Set<String> {
        let sources = URL(fileURLWithPath: CompiledSourcesTests.cache).appendingPathComponent("strata/apps/Sources")
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return Set(
            targets.filter { target in
                let folder = sources.appendingPathComponent(target)
                return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { name in
                    let held = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                    return held?.contains(text) ?? false
                }
            })
    }
}
