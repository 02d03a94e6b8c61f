import Foundation

/// Writes the migration results into a Markdown file, between marker comments, with the machine and command.
struct BenchmarkReport {
    let results: [WorkloadResult]
    let command: String

    static let begin = "<!-- migrations:begin -->"
    static let end = "<!-- migrations:end -->"

    /// Replaces the section between the markers (appending it when absent).
    func write(to url: URL) throws {
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? "# Benchmarks\n"
        let section = [Self.begin, body, Self.end].joined(separator: "\n")
        let updated: String
        if let start = existing.range(of: Self.begin), let stop = existing.range(of: Self.end), start.lowerBound < stop.upperBound {
            updated = existing.replacingCharacters(in: start.lowerBound..<stop.upperBound, with: section)
        } else {
            updated = existing + "\n" + section + "\n"
        }
        try updated.write(to: url, atomically: true, encoding: .utf8)
    }

    private var body: String {
        """
        ## `strata-bench migrations`: W1 to W5 and the UI against the sqlite3 CLI and hand-written GRDB

        Command: `\(command)` (release build). Machine: \(Self.machine). Date: \(ISO8601DateFormatter().string(from: Date())).

        \(WorkloadResult.markdownHeader)
        \(results.map(\.markdownRow).joined(separator: "\n"))
        """
    }

    private static var machine: String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB"
    }
}
