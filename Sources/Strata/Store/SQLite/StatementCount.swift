import Foundation
internal import GRDB

/// Counts the SQL statements Strata runs, for benchmarks that check a workload is not N+1 (`strata-bench app`).
///
/// Only stores opened inside `counting` are traced; others pay nothing.
package enum StatementCount {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var active = false
    nonisolated(unsafe) private static var count = 0
    /// Only statements whose SQL contains it count, when set.
    nonisolated(unsafe) private static var filter: String?

    /// Runs `body` and returns how many SQL statements the stores it opened ran (each run of a statement counts
    /// once); with `matching`, only those whose SQL contains it (a table name, say, which keeps out the statements
    /// of stores other code opens meanwhile).
    package static func counting(matching: String? = nil, _ body: () throws -> Void) rethrows -> Int {
        lock.withLock {
            active = true
            count = 0
            filter = matching
        }
        defer { lock.withLock { active = false } }
        try body()
        return lock.withLock { count }
    }

    /// Traces a connection being opened while `counting` runs.
    static func prepare(_ db: Database) {
        let (isActive, filter) = lock.withLock { (active, Self.filter) }
        guard isActive else { return }
        db.trace(options: .statement) { event in
            if case .statement(let statement) = event, let filter, !statement.sql.contains(filter) { return }
            lock.withLock { count += 1 }
        }
    }
}
