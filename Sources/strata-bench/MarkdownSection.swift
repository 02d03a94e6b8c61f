import Foundation

/// A section of a Markdown file between `<!-- NAME:begin -->` and `<!-- NAME:end -->`, which a benchmark's
/// `--write` replaces (appending it when absent).
struct MarkdownSection {
    let name: String
    let body: String

    /// Replaces the section in the file at `url` (creating the file when missing).
    func write(to url: URL) throws {
        let begin = "<!-- \(name):begin -->"
        let end = "<!-- \(name):end -->"
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? "# Benchmarks\n"
        let section = [begin, body, end].joined(separator: "\n")
        let updated: String
        if let start = existing.range(of: begin), let stop = existing.range(of: end), start.lowerBound < stop.upperBound
        {
            updated = existing.replacingCharacters(in: start.lowerBound..<stop.upperBound, with: section)
        } else {
            updated = existing + "\n" + section + "\n"
        }
        try updated.write(to: url, atomically: true, encoding: .utf8)
    }

    /// "2 cores, AMD EPYC, 23 GiB": the machine a benchmark ran on.
    static var machine: String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return
            "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB"
    }
}
