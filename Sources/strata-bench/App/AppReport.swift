import Foundation

/// The `app` benchmark's results as JSON (for `--json`) and as the `app` section of BENCHMARKS.md.
struct AppReport {
    let results: [AppResult]
    let command: String
    let runs: Int

    /// `{"command", "date", "machine", "runs", "workloads": [...]}`, keys sorted.
    func json() throws -> String {
        let object: [String: Any] = [
            "command": command, "date": ISO8601DateFormatter().string(from: Date()), "machine": MarkdownSection.machine,
            "runs": runs, "workloads": results.map(\.json),
        ]
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]),
            as: UTF8.self)
    }

    /// Replaces the `app` section of a Markdown file.
    func write(to url: URL) throws {
        let body = """
            ## `strata-bench app`: everyday work through ModelContext against GRDB and the sqlite3 CLI

            Command: `\(command)` (release build). Machine: \(MarkdownSection.machine). Date: \(ISO8601DateFormatter().string(from: Date())). \
            Medians of \(runs) interleaved rounds.

            \(AppResult.markdownHeader)
            \(results.map(\.markdownRow).joined(separator: "\n"))
            """
        try MarkdownSection(name: "app", body: body).write(to: url)
    }
}
