import Foundation
import GRDB

/// Counts the SQL statements Strata runs, for benchmarks that check a workload is not N+1 (`strata-bench app`).
///
/// Only stores opened inside `counting` are traced; others pay nothing.
@_spi(Benchmarks)
public enum StatementCount {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var active = false
    nonisolated(unsafe) private static var count = 0

    /// Runs `body` and returns how many SQL statements the stores it opened ran (each run of a statement counts once).
    public static func counting(_ body: () throws -> Void) rethrows -> Int {
        lock.withLock {
            active = true
            count = 0
        }
        defer { lock.withLock { active = false } }
        try body()
        return lock.withLock { count }
    }

    /// Traces a connection being opened while `counting` runs.
    static func prepare(_ db: Database) {
        guard lock.withLock({ active }) else { return }
        db.trace(options: .statement) { _ in lock.withLock { count += 1 } }
    }
}
