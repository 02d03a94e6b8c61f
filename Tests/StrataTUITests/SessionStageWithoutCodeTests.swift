import Foundation
import Strata
import StrataExamples
import Testing

@testable import StrataTUI

/// The UI's session on a plan read from sources without compiling it: running stops before the custom stage, with the
/// engine's refusal as the run's message, and the store as the stages before it left it.
@Suite struct SessionStageWithoutCodeTests {
    /// The bookshelf plan as `--sources` reads it: schemas described without model types, the custom stage without
    /// its closures.
    static func bookshelfFromSources() throws -> ValidatedPlan {
        let compiled = try ValidatedPlan(Bookshelf.Plan.self)
        return try ValidatedPlan(
            checked: ValidatedPlan.check(
                name: "Plan",
                schemas: compiled.schemas.map { Schema(entities: $0.entities, version: $0.version) },
                stages: [
                    .init(kind: .lightweight, from: Schema.Version(1, 0, 0), to: Schema.Version(2, 0, 0)),
                    .init(kind: .custom, from: Schema.Version(2, 0, 0), to: Schema.Version(3, 0, 0)),
                ]))
    }

    @Test func runningAllStopsBeforeTheCustomStageWithTheEnginesMessage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("bookshelf.store")
        try Bookshelf.makeDemoStore(at: url, rows: 20)
        let session = try Session(
            store: url, validated: Self.bookshelfFromSources().lackingCode(because: "its code did not compile"),
            planName: "Plan")
        defer { session.shutdown() }

        session.perform(.run(all: true))
        var reported: [String] = []
        let ended = try AppleStoreSessionTests.next(session) { action -> String? in
            if case .stageReported(let report) = action { reported.append(report.title) }
            if case .runEnded(.notRun(let error)) = action { return "\(error.kind.rawValue): \(error)" }
            if case .runEnded(let end) = action { return "another end: \(end)" }
            return nil
        }

        #expect(reported == ["1.0.0 -> 2.0.0"])
        #expect(ended == "stage-without-code: Custom stage 2.0.0 -> 3.0.0 not run: its code did not compile.")
    }
}
