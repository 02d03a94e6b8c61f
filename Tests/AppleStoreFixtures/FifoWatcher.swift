import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Watches a FIFO: a reader blocked opening it lets a non-blocking writer open it, which this records (and the
/// reader, given an empty writer, reads nothing and goes on), so a test proves a file is never opened.
public final class FifoWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var sawReader = false
    private let done = DispatchSemaphore(value: 0)

    /// A watcher, not started.
    public init() {}

    /// Starts polling `path` on a thread of its own.
    public func start(path: String) {
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
    public var opened: Bool { lock.withLock { sawReader } }

    /// Whether anything opened the FIFO for reading since the last call, which forgets it.
    public func takeOpened() -> Bool {
        lock.withLock {
            defer { sawReader = false }
            return sawReader
        }
    }

    /// Stops polling, and waits until the thread has.
    public func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }
}
