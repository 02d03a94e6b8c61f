import Foundation

/// Writes the migration results into a Markdown file, between marker comments, with the machine and command.
struct BenchmarkReport {
    let results: [WorkloadResult]
    let command: String

    /// Replaces the `migrations` section (appending it when absent).
    func write(to url: URL) throws {
        try MarkdownSection(name: "migrations", body: body).write(to: url)
    }

    private var body: String {
        """
        ## `strata-bench migrations`: W1 to W5 and the UI against the sqlite3 CLI and hand-written GRDB

        Command: `\(command)` (release build). Machine: \(MarkdownSection.machine). Date: \(ISO8601DateFormatter().string(from: Date())).

        \(WorkloadResult.markdownHeader)
        \(results.map(\.markdownRow).joined(separator: "\n"))
        """
    }
}
