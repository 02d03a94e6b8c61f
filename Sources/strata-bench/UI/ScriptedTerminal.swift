import Foundation
import StrataTUI

/// A terminal for benchmarks: it shows nothing, presses keys from a script once the frame shows a text, waits
/// out the input timeout as ncurses does when no key comes, and notes when frames first showed given texts.
final class ScriptedTerminal: Terminal {
    /// A key to press once the last frame contains one of `when` (at once when empty).
    struct Step {
        let when: [String]
        let key: Key

        /// A key to press once the last frame contains `text` (at once when nil).
        init(when text: String?, key: Key) {
            self.init(whenAny: text.map { [$0] } ?? [], key: key)
        }

        /// A key to press once the last frame contains any of `texts` (at once when empty).
        init(whenAny texts: [String], key: Key) {
            when = texts
            self.key = key
        }
    }

    private var script: [Step]
    private let watched: [String]
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastText = ""
    /// Seconds from creation to the first frame.
    private(set) var firstFrame: Double?
    /// Seconds from creation to the first frame containing each watched text.
    private(set) var seen: [String: Double] = [:]
    /// Seconds from creation to each scripted key press, in order.
    private(set) var pressed: [Double] = []
    /// Seconds from creation to each frame.
    private(set) var frames: [Double] = []

    /// A terminal of the given size that starts its clock now.
    init(width: Int = 120, height: Int = 40, script: [Step], watching watched: [String] = []) {
        self.script = script
        self.watched = watched
        dimensions = (width, height)
        start = clock.now
    }

    private let dimensions: (width: Int, height: Int)

    func size() -> (width: Int, height: Int) { dimensions }

    func nextInput(timeout milliseconds: Int, wakeup: Wakeup) -> TerminalInput? {
        if let step = script.first, step.when.isEmpty || step.when.contains(where: shows) {
            script.removeFirst()
            pressed.append(seconds(since: start))
            return .key(step.key)
        }
        wakeup.wait(milliseconds: milliseconds)
        return nil
    }

    func draw(_ frame: Frame) {
        let elapsed = seconds(since: start)
        if firstFrame == nil { firstFrame = elapsed }
        frames.append(elapsed)
        lastText = frame.text
        for text in watched where seen[text] == nil && shows(text) { seen[text] = elapsed }
    }

    /// True when the last frame shows `text`, searched in bytes: Foundation's `contains` took about as many
    /// instructions a frame as rendering it, on the thread whose frames the benchmark times.
    private func shows(_ text: String) -> Bool {
        var (frame, wanted) = (lastText, text)
        return frame.withUTF8 { frame in
            wanted.withUTF8 { wanted in
                guard let first = wanted.first else { return true }
                guard frame.count >= wanted.count else { return false }
                return (0...(frame.count - wanted.count)).contains { start in
                    frame[start] == first && memcmp(frame.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0
                }
            }
        }
    }

    private func seconds(since instant: ContinuousClock.Instant) -> Double {
        instant.duration(to: clock.now).seconds
    }
}
