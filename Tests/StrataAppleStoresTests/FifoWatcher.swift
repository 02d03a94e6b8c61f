import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Watches a FIFO: a reader blocked opening it lets a non-blocking writer open it, which this records.
final class FifoWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var sawReader = false
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {}

    /// Starts polling `path` on a thread of its own.
    func start(path: String) {
        Thread { [self] in
            while !lock.withLock({ stopped }) {
                let writer = open(path, O_WRONLY | O_NONBLOCK)
                if writer >= 0 {
                    lock.withLock { sawReader = true }
                    Glibc.close(writer)
                }
                usleep(2000)
            }
            done.signal()
        }.start()
    }

    /// Whether anything opened the FIFO for reading.
    var opened: Bool { lock.withLock { sawReader } }

    func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }
}
