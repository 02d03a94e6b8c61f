import StrataSources

/// A lint finding in `strata check --json`: `{"file", "line", "column", "severity", "message"}`.
struct DiagnosticEntry: Encodable {
    let file: String
    let line: Int
    let column: Int
    /// "error" or "warning".
    let severity: String
    let message: String

    /// The entry of a finding.
    init(_ finding: SourceProblem) {
        file = finding.location.file
        line = finding.location.line
        column = finding.location.column
        severity = finding.severity
        message = finding.message
    }
}
