import Foundation
import Strata
import StrataExamples
import Testing

/// Reports, events and dry runs carry a failure as the error itself with a stable kind, never as text to parse.
@Suite struct TypedFailureTests {
    @Test func aThrowingClosureIsReportedTypedInTheDryRunAndItsEvent() throws {
        let directory = TemporaryDirectory()
        let url = try MigrationFailureTests().v2Store(directory)
        var failedEvents: [(StageID, MigrationFailure)] = []
        let report = try Migrator.dryRun(
            store: url, plan: ThrowingPlans.ThrowInDid.self,
            onEvent: { if case .stageFailed(let stage, let failure) = $0 { failedEvents.append((stage, failure)) } })

        let stage = StageID(from: Schema.Version(2, 0, 0), to: Schema.Version(3, 0, 0))
        #expect(report.storeVersion == Schema.Version(2, 0, 0) && report.targetVersion == Schema.Version(3, 0, 0))
        let failure = try #require(report.failure)
        #expect(failure.kind == "stage-closure-failed" && !failure.isCancellation)
        guard case .stageClosureFailed(let failedStage, let closure, let message)? = failure.error as? MigrationError
        else {
            Issue.record("expected stageClosureFailed, got \(failure.error)")
            return
        }
        #expect(failedStage == stage && closure == "didMigrate" && message == "boom")
        #expect(report.stages.last?.failure?.kind == "stage-closure-failed")
        #expect(failedEvents.map(\.0) == [stage] && failedEvents.map(\.1.kind) == ["stage-closure-failed"])
    }

    @Test func kindsAreStableNamesOnePerCase() {
        let migration = MigrationError.Kind.allCases.map(\.rawValue)
        let store = StrataError.Kind.allCases.map(\.rawValue)
        #expect(Set(migration + store).count == migration.count + store.count, "no kind names two failures")
        #expect((migration + store).allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        #expect(MigrationFailure(MigrationError.cancelled(stage: StageID(from: nil, to: nil))).isCancellation)
        #expect(MigrationFailure(StrataError.readOnly(store: "a.store")).kind == "read-only")
        #expect(MigrationFailure(CocoaError(.fileNoSuchFile)).kind == "other")
        let nested = MigrationFailure(MigrationFailure(MigrationError.notInDidMigrate("x")))
        #expect(nested.kind == "not-in-did-migrate" && nested.error is MigrationError)
    }
}
