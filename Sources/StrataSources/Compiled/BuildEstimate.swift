import Foundation

/// The time a compiled-level build has left, said beside SwiftPM's `[n/m]` lines: from the last build of the cache
/// that took as many steps or more (its seconds per step), else from this build's own pace once it is under way.
package struct BuildEstimate: Sendable {
    /// A finished build: how many steps SwiftPM counted and how long it took.
    package struct Record: Codable, Sendable, Equatable {
        /// The `m` of its last `[n/m]` line.
        package var steps: Int
        /// Its wall time.
        package var seconds: Double

        /// A build of `steps` steps that took `seconds`.
        package init(steps: Int, seconds: Double) {
            self.steps = steps
            self.seconds = seconds
        }
    }

    /// The last long build recorded in this cache, if any.
    package let previous: Record?
    /// When this build started.
    package let started: Date

    /// An estimate for a build started at `started`, helped by `previous`.
    package init(previous: Record?, started: Date = Date()) {
        self.previous = previous
        self.started = started
    }

    /// The step and the count of a SwiftPM progress line (`[123/456] Compiling …`), or nil for another line.
    package static func step(of line: String) -> (done: Int, total: Int)? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let parts = line[line.index(after: line.startIndex)..<close].split(separator: "/")
        guard parts.count == 2, let done = Int(parts[0]), let total = Int(parts[1]), total > 0, done <= total else {
            return nil
        }
        return (done, total)
    }

    /// The seconds left after step `done` of `total`, `now`: the previous build's pace for a build as long or
    /// longer, else this build's own pace once a tenth of it and at least 5 s are behind it; nil when neither
    /// says anything yet.
    package func secondsLeft(done: Int, total: Int, now: Date = Date()) -> Double? {
        let left = Double(total - done)
        if let previous, previous.steps >= total, previous.steps > 0 {
            return left * previous.seconds / Double(previous.steps)
        }
        let elapsed = now.timeIntervalSince(started)
        guard done * 10 >= total, elapsed >= 5, done > 0 else { return nil }
        return left * elapsed / Double(done)
    }

    /// `line` with the time left beside it ("[120/480] Compiling GRDB … (about 3 min left)"), or as it was.
    package func annotated(_ line: String, now: Date = Date()) -> String {
        guard let (done, total) = Self.step(of: line), done < total,
            let seconds = secondsLeft(done: done, total: total, now: now), seconds >= 1
        else { return line }
        return line + " (about \(Self.spoken(seconds)) left)"
    }

    /// "40 s", "3 min".
    static func spoken(_ seconds: Double) -> String {
        seconds < 90 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
    }
}
