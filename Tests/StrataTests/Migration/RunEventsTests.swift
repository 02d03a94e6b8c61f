import Foundation
import Strata
import Testing

/// Events are an argument of the run that wants them: `runStages(onEvent:)` hears its own run's events, the
/// migrator's `onEvent` hears every run's, and nothing has to be set and restored around a run.
@Suite struct RunEventsTests {
    @Test func eachRunHearsItsOwnEventsAndThePropertyHearsThemAll() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("larder")
        try makeLarderV1(at: url)
        let migrator = try Migrator.onPrivateCopy(of: url, plan: LarderPlan.self)
        final class Heard: @unchecked Sendable { var stages: [String] = [] }
        let property = Heard()
        let first = Heard()
        let second = Heard()
        migrator.onEvent = { event in
            if case .stageStarted(_, _, let stage, _) = event { property.stages.append(stage.description) }
        }

        let one = migrator.runStages(
            limit: 1,
            onEvent: { event in
                if case .stageStarted(_, _, let stage, _) = event { first.stages.append(stage.description) }
            })
        let two = migrator.runStages(
            onEvent: { event in
                if case .stageStarted(_, _, let stage, _) = event { second.stages.append(stage.description) }
            })

        #expect(one.reports.map(\.title) == ["1.0.0 -> 2.0.0"])
        #expect(two.reports.map(\.title) == ["2.0.0 -> 3.0.0"])
        #expect(first.stages == ["1.0.0 -> 2.0.0"])
        #expect(second.stages == ["2.0.0 -> 3.0.0"])
        #expect(property.stages == ["1.0.0 -> 2.0.0", "2.0.0 -> 3.0.0"])
        #expect(migrator.onEvent != nil, "a run leaves the migrator's own listener as it was")
    }
}
