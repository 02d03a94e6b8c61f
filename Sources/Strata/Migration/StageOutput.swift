import Foundation

/// Where the text a stage's closures print goes: while `willMigrate` or `didMigrate` runs, each line becomes a
/// ``MigrationEvent/output(stage:line:)`` event, in order with the stage's other events; outside a stage it goes to
/// standard error (standard output may hold a JSON report). The compiled level of `--sources` routes an app's `print`
/// and `os.Logger` calls here, so a stage's messages show in the dry-run log.
public enum StageOutput {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sink: ((String) -> Void)?
    nonisolated(unsafe) private static var pending = ""

    /// Writes `text` (which may hold several lines, or end without a line break) to the running stage's log.
    public static func write(_ text: String) {
        lock.lock()
        pending += text
        var lines: [String] = []
        while let newline = pending.firstIndex(where: \.isNewline) {
            lines.append(String(pending[..<newline]))
            pending.removeSubrange(...newline)
        }
        let target = sink
        lock.unlock()
        for line in lines {
            if let target {
                target(line)
            } else {
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        }
    }

    /// Writes one message of a logger (`os.Logger`'s `info`, `error`, ...): "[category] level: message".
    public static func log(level: String, category: String, message: String) {
        write((category.isEmpty ? "" : "[\(category)] ") + "\(level): \(message)\n")
    }

    /// Runs `body` with the lines written meanwhile passed to `sink`; a last line without a break is passed at the end.
    static func capturing<T>(to sink: @escaping (String) -> Void, run body: () throws -> T) rethrows -> T {
        lock.lock()
        let previous = self.sink
        self.sink = sink
        lock.unlock()
        defer {
            lock.lock()
            let rest = pending
            pending = ""
            self.sink = previous
            lock.unlock()
            if !rest.isEmpty { sink(rest) }
        }
        return try body()
    }
}
