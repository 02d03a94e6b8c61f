import Foundation

/// The source of temporary identifiers for objects not saved yet.
enum TemporaryIDs {
    private static let counter = Counter()

    /// A new, process-wide unique temporary identifier.
    static func next() -> UInt64 { counter.increment() }

    // Safe: the count changes only under `lock`.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64 = 0
        func increment() -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
