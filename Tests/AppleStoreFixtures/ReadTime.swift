import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How long one read of a mutation run took (docs/SAFETY.md, "Hostile input"): the wall clock, and the CPU time of
/// the whole test process (every thread). Each bounds the read's own work from above, and each is inflated by
/// something else: the wall clock by other builds sharing the machine, the process's CPU by suites running beside
/// it; `work`, the smaller, is what a reader's bound applies to. A read that takes `hangSeconds` on the wall clock
/// is taken as hung (blocked on something), whatever its CPU.
public struct ReadTime: Sendable {
    /// Seconds on the wall clock.
    public let wall: Double
    /// Seconds of CPU the process spent.
    public let cpu: Double

    /// The read's work: the smaller of its CPU and wall-clock seconds.
    public var work: Double { min(cpu, wall) }

    /// A read that takes this long on the wall clock is taken as hung.
    public static let hangSeconds = 120.0

    /// Why a read that took this long breaks a bound of `limit` seconds of work (or hung); nil when it does not.
    public func problem(limit: Double) -> String? {
        if work > limit { return "slow: \(cpu) s of CPU in \(wall) s, more than \(limit) s" }
        if wall > Self.hangSeconds { return "hung: \(wall) s on the wall clock" }
        return nil
    }
}

/// A clock started when made: `elapsed` says how long since, as a `ReadTime`.
public struct ReadClock: Sendable {
    private let wall = Date()
    private let cpu = ReadClock.processSeconds()

    /// Starts the clock.
    public init() {}

    /// The wall and CPU time since the clock started.
    public func elapsed() -> ReadTime {
        ReadTime(wall: Date().timeIntervalSince(wall), cpu: Self.processSeconds() - cpu)
    }

    /// The CPU seconds this process has used.
    private static func processSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
