import ArgumentParser

/// How `check`, `plan` and `migrate` print their report (`--format`).
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    /// Lines for a terminal (the default).
    case text
    /// The versioned JSON document (`--json`).
    case json
    /// One Markdown document for a pull-request comment (`MarkdownDocument`).
    case markdown
    /// GitHub Actions workflow commands, one per finding (`GitHubAnnotations`).
    case github
    /// A SARIF 2.1.0 log, for code scanning (`SARIFLog`).
    case sarif
}
