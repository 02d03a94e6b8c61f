import Foundation

extension SourceEdits {
    /// Writes every change: a changed file only when it still holds the text it was read with, a new file only where
    /// none exists (a refusal otherwise, before anything is written); then formats the created files, and the
    /// declarations written into changed files, with `swift format` (the app's `.swift-format` applies), leaving the
    /// rest of a changed file as it was. Returns
    /// the files that `swift format` could not format, with its message.
    package func write() throws -> [String] {
        let manager = FileManager.default
        for change in changes {
            if let before = change.before {
                let now = try? String(contentsOfFile: change.path, encoding: .utf8)
                guard now == before else {
                    throw NextVersionRefusal("\(change.path) changed since it was read; nothing was written, run again")
                }
            } else if manager.fileExists(atPath: change.path) {
                throw NextVersionRefusal(
                    "\(change.path) exists and next-version did not create it; nothing was written: move it away, or give another version with --as"
                )
            }
        }
        var unformatted: [String] = []
        for change in changes {
            try Data(change.after.utf8).write(to: URL(fileURLWithPath: change.path), options: .atomic)
            guard change.before == nil || !change.written.isEmpty else { continue }
            if let problem = Self.format(change.path, ranges: change.before == nil ? [] : change.written) {
                unformatted.append(problem)
            }
        }
        return unformatted
    }

    /// Runs `swift format format -i` on `path` (only on `ranges` of it when given), with the `.swift-format` of its
    /// folder or one above, else with Xcode's indentation (4 spaces) and 120 columns; the reason it failed, or nil.
    private static func format(_ path: String, ranges: [Range<Int>]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var configured = false
        while !configured && folder.path != "/" {
            configured = FileManager.default.fileExists(atPath: folder.appendingPathComponent(".swift-format").path)
            folder.deleteLastPathComponent()
        }
        let configuration = #"{"version": 1, "indentation": {"spaces": 4}, "lineLength": 120}"#
        process.arguments =
            ["swift", "format", "format", "-i"] + (configured ? [] : ["--configuration", configuration])
            + ranges.flatMap { ["--offsets", "\($0.lowerBound):\($0.upperBound)"] } + [path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return "\(path): swift format could not be run (\(error))" }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "\(path): swift format failed: \(message)"
    }
}
