import Foundation
import StrataSources
import Testing

/// The time left said beside the compiled level's `[n/m]` lines.
@Suite struct BuildEstimateTests {
    @Test func progressLinesAreReadAndOthersLeftAlone() {
        #expect(BuildEstimate.step(of: "[12/480] Compiling GRDB Database.swift")! == (12, 480))
        #expect(BuildEstimate.step(of: "Building for debugging...") == nil)
        #expect(BuildEstimate.step(of: "[3/2] nonsense") == nil)
        #expect(BuildEstimate.step(of: "[a/2] nonsense") == nil)
        #expect(BuildEstimate.step(of: "[1/0] nonsense") == nil)
        let estimate = BuildEstimate(previous: nil)
        #expect(estimate.annotated("Building for debugging...") == "Building for debugging...")
    }

    @Test func thePreviousLongBuildGivesThePaceFromTheFirstStep() {
        let start = Date(timeIntervalSince1970: 1_000)
        let estimate = BuildEstimate(previous: .init(steps: 1_000, seconds: 200), started: start)
        // 0.2 s a step: 800 steps left are 160 s, said in minutes.
        #expect(estimate.secondsLeft(done: 200, total: 1_000, now: start) == 160)
        #expect(
            estimate.annotated("[200/1000] Compiling Strata Migrator.swift", now: start)
                == "[200/1000] Compiling Strata Migrator.swift (about 3 min left)")
        #expect(estimate.annotated("[995/1000] Linking", now: start) == "[995/1000] Linking (about 1 s left)")
        #expect(estimate.annotated("[1000/1000] Linking", now: start) == "[1000/1000] Linking", "nothing is left")
    }

    @Test func withoutARecordThisBuildsOwnPaceSpeaksOnceUnderWay() {
        let start = Date(timeIntervalSince1970: 1_000)
        let estimate = BuildEstimate(previous: .init(steps: 10, seconds: 3), started: start)
        // A record of a shorter build says nothing about a longer one.
        #expect(estimate.secondsLeft(done: 5, total: 400, now: start.addingTimeInterval(2)) == nil)
        #expect(estimate.secondsLeft(done: 30, total: 400, now: start.addingTimeInterval(10)) == nil, "under a tenth")
        #expect(estimate.secondsLeft(done: 50, total: 400, now: start.addingTimeInterval(4)) == nil, "under 5 s")
        #expect(estimate.secondsLeft(done: 100, total: 400, now: start.addingTimeInterval(20)) == 60)
        #expect(
            estimate.annotated("[100/400] Compiling X", now: start.addingTimeInterval(20))
                == "[100/400] Compiling X (about 60 s left)")
    }
}
