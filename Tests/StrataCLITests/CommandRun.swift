import Foundation

/// The outcome of running the built `strata` binary once: its exit status and what it printed.
struct CommandRun {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// Runs the `strata` executable built beside this test bundle with `arguments`, and waits for it.
    static func strata(_ arguments: String...) throws -> CommandRun {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("strata")
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes to the end before waiting, so a chatty child cannot block on a full pipe.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRun(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
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
