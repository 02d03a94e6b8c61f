import Foundation
import Strata
import Testing

/// A migrator shared between threads runs its stages one at a time, each once (its documented contract).
@Suite struct MigratorThreadingTests {
    @Test func twoThreadsSteppingOneMigratorRunEachStageOnce() throws {
        // Several rounds: each starts both threads at once, so an unguarded migrator runs its first stage twice.
        for _ in 0..<6 {
            let directory = TemporaryDirectory()
            let url = directory.store("larder")
            try makeLarderV1(at: url)
            let migrator = try Migrator(store: url, plan: LarderPlan.self)
            let outcomes = Outcomes()

            // Two threads of their own (a dispatch pool may run both steps on one thread), released together.
            let start = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            for _ in 0..<2 {
                Thread {
                    start.wait()
                    do {
                        outcomes.append(try migrator.runNextStage()?.title ?? "nothing to run")
                    } catch {
                        outcomes.append("failed: \(error)")
                    }
                    done.signal()
                }.start()
            }
            start.signal()
            start.signal()
            done.wait()
            done.wait()

            #expect(outcomes.all.sorted() == ["1.0.0 -> 2.0.0", "2.0.0 -> 3.0.0"])
            #expect(migrator.pending.isEmpty)
            #expect(migrator.current.version == LarderV3.versionIdentifier)
            #expect(
                try StoreInspector(url: url).history().map { "\($0.fromVersion) -> \($0.toVersion)" } == [
                    "1.0.0 -> 2.0.0", "2.0.0 -> 3.0.0",
                ])
        }
    }
}

// Safe: `values` is read and written only under `lock`.
/// What each thread's step returned, collected from both threads.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []

    func append(_ value: String) { lock.withLock { values.append(value) } }

    var all: [String] { lock.withLock { values } }
}
