import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the executables built beside this test bundle (`strata`, `strata-safety`) as child processes.
enum ChildProcess {
    /// What a finished child printed and how it ended.
    struct Outcome {
        let status: Int32
        let killed: Bool
        let standardOutput: Data
        let standardError: Data

        var output: String { String(decoding: standardOutput, as: UTF8.self) }
        var error: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// The build products folder: on Linux the test bundle is itself an executable in it.
    static var productsDirectory: URL {
        #if os(macOS)
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.executableURL!.deletingLastPathComponent()
    }

    /// The path of a built executable.
    static func executable(_ name: String) -> String { productsDirectory.appendingPathComponent(name).path }

    /// Runs `strata-safety` (the CLI with the corpus's plans) and waits.
    static func safety(_ arguments: [String]) throws -> Outcome { try run(executable("strata-safety"), arguments) }

    /// Runs `command` with `arguments` (standard input /dev/null, so never a terminal) and waits.
    /// `prefix` runs it through another program first (`sh -c`, `setpriv`).
    static func run(_ command: String, _ arguments: [String], prefix: [String] = []) throws -> Outcome {
        try stream(command, arguments, prefix: prefix) { _, _ in }
    }

    /// Runs a child, calling `onLine` with each line of standard output as it arrives and a function that sends
    /// the child SIGKILL; `killAfter` (seconds) sends SIGKILL from a timer if the child still runs then.
    static func stream(
        _ command: String, _ arguments: [String], prefix: [String] = [], killAfter: Double? = nil,
        onLine: (String, () -> Void) -> Void
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: prefix.first ?? command)
        process.arguments = prefix.isEmpty ? arguments : Array(prefix.dropFirst()) + [command] + arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let pid = process.processIdentifier
        let state = KillState()
        let sendKill: @Sendable () -> Void = { state.killOnce(pid) }
        if let killAfter {
            DispatchQueue.global().asyncAfter(deadline: .now() + killAfter) { sendKill() }
        }
        let errorData = DataBox()
        let errorDone = DispatchSemaphore(value: 0)
        let errorHandle = error.fileHandleForReading
        Thread {
            errorData.data = errorHandle.readDataToEndOfFile()
            errorDone.signal()
        }.start()
        var outputData = Data()
        var pending = Data()
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            outputData.append(chunk)
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[pending.index(after: newline)...])
                onLine(line, sendKill)
            }
        }
        errorDone.wait()
        process.waitUntilExit()
        state.finish()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return Outcome(
            status: process.terminationStatus, killed: killed, standardOutput: outputData, standardError: errorData.data
        )
    }

    /// Standard error, read to its end on another thread so a chatty child never blocks on a full pipe.
    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    /// Sends SIGKILL at most once, and never after the child was reaped (its pid could be reused).
    private final class KillState: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false

        func killOnce(_ pid: Int32) {
            lock.lock()
            defer { lock.unlock() }
            guard !done else { return }
            done = true
            kill(pid, SIGKILL)
        }

        func finish() {
            lock.lock()
            done = true
            lock.unlock()
        }
    }
}
