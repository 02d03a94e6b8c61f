import Foundation

/// A command of the toolchain (`swift build`, `swift package resolve`) run for the compiled level, through `env`: its
/// output read as it comes, each line handed on, and the process stopped when a time limit passes.
enum ToolRun {
    /// Runs `arguments`, calling `line` with each line of its output; stops it after `timeout` seconds when given.
    /// Returns its status (nil when it was stopped) and its whole output.
    static func run(_ arguments: [String], timeout: TimeInterval? = nil, line: (String) -> Void = { _ in }) -> (
        status: Int32?, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (-1, "error: \(arguments[0]) cannot be started: \(error.localizedDescription)")
        }
        let stopped = Flag()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                guard process.isRunning else { return }
                stopped.set()
                process.terminate()
            }
        }
        var output = Data()
        var pending = Data()
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output.append(chunk)
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                line(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
        process.waitUntilExit()
        return (stopped.isSet ? nil : process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// A flag one thread sets and another reads.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false

        var isSet: Bool {
            lock.lock()
            defer { lock.unlock() }
            return value
        }

        func set() {
            lock.lock()
            value = true
            lock.unlock()
        }
    }
}
