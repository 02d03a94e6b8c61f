import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Safe: `pending` is read and written only under `lock`; the pipe's descriptors never change after `init`.
/// A way for background work to end the UI's wait for input at once: a pipe the wait polls beside the terminal,
/// written (once until drained) when an action is posted.
package final class Wakeup: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = false
    private let readEnd: Int32
    private let writeEnd: Int32

    /// A new, unsignalled wakeup (without a pipe, when the process has no descriptors left, it never wakes a wait
    /// early: waits then last their timeout, as before).
    package init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Ends the current (or next) wait at once; from any thread.
    package func signal() {
        lock.lock()
        defer { lock.unlock() }
        guard !pending, writeEnd >= 0 else { return }
        pending = true
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Waits at most `milliseconds` for a signal, for `descriptor` (when not negative) to have input or hang up,
    /// or for a process signal to interrupt the wait; consumes the wakeup's signal.
    package func wait(milliseconds: Int, orInputOn descriptor: Int32 = -1) {
        var watched = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        if descriptor >= 0 { watched.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        if poll(&watched, nfds_t(watched.count), Int32(max(0, milliseconds))) > 0, watched[0].revents != 0 { drain() }
    }

    /// Consumes a signal.
    private func drain() {
        lock.lock()
        defer { lock.unlock() }
        var bytes = [UInt8](repeating: 0, count: 16)
        while read(readEnd, &bytes, bytes.count) > 0 {}
        pending = false
    }
}
