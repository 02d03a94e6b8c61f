import Foundation

/// Where the text a stage's closures print goes: while `willMigrate` or `didMigrate` runs, each line becomes a
/// ``MigrationEvent/output(stage:line:)`` event, in order with the stage's other events; outside a stage it goes to
/// standard error (standard output may hold a JSON report). The compiled level of `--sources` routes an app's `print`
/// and `os.Logger` calls here, so a stage's messages show in the dry-run log.
///
/// The capture belongs to the running stage, not to the process: it is a task-local value bound for the closures'
/// run (and read on the thread running them), so two stages running at once in one process each hear only their own
/// lines, and when a stage ends the capture before it is back.
public enum StageOutput {
    /// The running stage's capture on this task or thread, if any.
    @TaskLocal private static var capture: Capture?

    /// Writes `text` (which may hold several lines, or end without a line break) to the running stage's log.
    public static func write(_ text: String) {
        guard let capture else {
            FileHandle.standardError.write(Data(text.utf8))
            return
        }
        capture.write(text)
    }

    /// Writes one message of a logger (`os.Logger`'s `info`, `error`, ...): "[category] level: message".
    public static func log(level: String, category: String, message: String) {
        write((category.isEmpty ? "" : "[\(category)] ") + "\(level): \(message)\n")
    }

    /// Runs `body` with the lines written meanwhile passed to `sink`; a last line without a break is passed at the end.
    static func capturing<T>(to sink: @escaping (String) -> Void, run body: () throws -> T) rethrows -> T {
        let capture = Capture(sink: sink)
        defer { capture.finish() }
        return try $capture.withValue(capture) { try body() }
    }

    /// One stage's capture: the text written so far without a line break, and where whole lines go. Lines are passed
    /// on outside the lock, in the order they were written.
    private final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private var pending = ""
        private let sink: (String) -> Void

        init(sink: @escaping (String) -> Void) { self.sink = sink }

        /// Adds `text`, passing on each line it completes.
        func write(_ text: String) {
            lock.lock()
            pending += text
            var lines: [String] = []
            while let newline = pending.firstIndex(where: \.isNewline) {
                lines.append(String(pending[..<newline]))
                pending.removeSubrange(...newline)
            }
            lock.unlock()
            lines.forEach(sink)
        }

        /// Passes on a last line written without a break.
        func finish() {
            lock.lock()
            let rest = pending
            pending = ""
            lock.unlock()
            if !rest.isEmpty { sink(rest) }
        }
    }
}
