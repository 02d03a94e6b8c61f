import Foundation

/// Runs `strata` on a pseudo-terminal through util-linux `script`, so it sees a terminal on all three streams.
enum TerminalRun {
    /// The `script` program, when this machine has it.
    static var script: URL? {
        ["/usr/bin/script", "/bin/script"].map(URL.init(fileURLWithPath:)).first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// Runs `strata arguments` on a terminal, typing `input`; returns its exit status and everything the terminal showed.
    static func strata(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> (
        status: Int32, screen: String
    ) {
        guard let script else { throw CocoaError(.executableNotLoadable) }
        let binary = CommandRun.productsDirectory.appendingPathComponent("strata").path
        let command = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
            separator: " ")
        let process = Process()
        process.executableURL = script
        process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
        var variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        variables["TERM"] = "xterm"
        if environment["NO_COLOR"] == nil { variables["NO_COLOR"] = nil }
        process.environment = variables
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        let screen = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? stdin.fileHandleForWriting.close()
        return (process.terminationStatus, String(decoding: screen, as: UTF8.self))
    }
}
