import Foundation
import Strata
import StrataExamples
import Testing

/// A cancel reaches a custom stage's own code: the context's fetches, saves and enumerations throw, so a long
/// `didMigrate` stops at its next batch or save rather than running to the end.
@Suite struct CancelInStageClosureTests {
    @Test func enumerateAndSaveInDidMigrateStopAtTheNextBatch() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("books")
        try Bookshelf.makeDemoStore(at: url, rows: 30_000)
        let migrator = try Migrator(store: url, plan: Bookshelf.Plan.self)
        _ = try migrator.runNextStage()
        var inDidMigrate = false
        var progressAfterCancel: [Int] = []
        migrator.onEvent = { event in
            switch event {
            case .step(_, let summary) where summary == "didMigrate": inDidMigrate = true
            case .progress(_, let done, _) where inDidMigrate:
                if migrator.cancellation.isCancelled { progressAfterCancel.append(done) } else { migrator.cancel() }
            default: break
            }
        }
        do {
            _ = try migrator.runNextStage()
            Issue.record("the cancelled stage should throw")
        } catch MigrationError.cancelled(let stage) {
            #expect(stage == StageID(from: Schema.Version(2, 0, 0), to: Schema.Version(3, 0, 0)))
        }
        #expect(progressAfterCancel.isEmpty, "the closure's first save after the cancel threw: \(progressAfterCancel)")
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
    }
}
