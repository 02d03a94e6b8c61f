import Foundation

/// The outcome of running the built `strata` binary once: its exit status and what it printed.
struct CommandRun {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// Runs the `strata` executable built beside this test bundle with `arguments`, and waits for it.
    static func strata(_ arguments: String...) throws -> CommandRun {
        try strata(arguments)
    }

    /// Runs `strata` with `arguments` and `environment` added to this process's, in `directory` when given;
    /// standard input is /dev/null, so the child never sees a terminal. `--sources` stays at the static level
    /// (STRATA_STATIC=1) unless `environment` says otherwise: building an app's code takes minutes
    /// (CompiledSourcesTests does it).
    /// With `interruptingOnce`, the child is sent SIGINT (Ctrl-C) once its standard output holds that text.
    static func strata(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
        interruptingOnce marker: String? = nil
    ) throws -> CommandRun {
        try product(
            "strata", arguments, environment: ["STRATA_STATIC": "1"].merging(environment) { _, new in new },
            in: directory, interruptingOnce: marker)
    }

    /// Runs the executable `name` built beside this test bundle (`strata`, `strata-bench`) with `arguments`, in
    /// `directory` when given; with `interruptingOnce`, sends it SIGINT once its standard output holds that text.
    static func product(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
        interruptingOnce marker: String? = nil
    ) throws -> CommandRun {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(name)
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes to the end, at once, before waiting: a child filling one pipe (a build's log on standard
        // error) while the other is read would block on it.
        let errorRead = PipeContents()
        let reading = DispatchGroup()
        reading.enter()
        DispatchQueue.global().async {
            errorRead.data = error.fileHandleForReading.readDataToEndOfFile()
            reading.leave()
        }
        let outputData =
            marker.map { read(output, interrupting: process, once: $0) }
            ?? output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        let errorData = errorRead.data
        process.waitUntilExit()
        return CommandRun(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Reads `pipe` to its end, sending `process` SIGINT once the text read holds `marker`.
    private static func read(_ pipe: Pipe, interrupting process: Process, once marker: String) -> Data {
        var read = Data()
        var sent = false
        while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
            read.append(chunk)
            if !sent, String(decoding: read, as: UTF8.self).contains(marker) {
                process.interrupt()
                sent = true
            }
        }
        return read
    }

    /// Standard output parsed as a JSON object; throws when it is not one.
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }

    /// The build products folder (`.build/debug` or the scratch path's): where SwiftPM puts both the
    /// test bundle and the executables.
    static var productsDirectory: URL {
        #if os(macOS)
            // On macOS the tests run inside `xctest`, which loads the .xctest bundle from the products folder.
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        // On Linux the test bundle is itself the running executable, in the products folder.
        return Bundle.main.executableURL!.deletingLastPathComponent()
    }
}

/// What one pipe held, read on another thread (written there once, read after it is done).
private final class PipeContents: @unchecked Sendable {
    var data = Data()
}
