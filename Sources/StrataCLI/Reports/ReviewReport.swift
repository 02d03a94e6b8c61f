/// A report a pull request can be reviewed with (`check`, `plan`, `migrate`): the same values `--json` prints, read
/// for a verdict, the Markdown document, the annotations and the `--fail-on` conditions.
protocol ReviewReport: Encodable {
    /// The verdict in one word and what it rests on.
    var verdict: ReportVerdict { get }
    /// The Markdown document's sections after the verdict, in order, files named by `paths` (the command that
    /// reproduces the report is added after them).
    func markdownSections(paths: RepositoryPaths) -> [MarkdownDocument.Section]
    /// The findings as annotations: errors, warnings and notes, at a file's line when they have one.
    func annotations(paths: RepositoryPaths) -> [ReportAnnotation]
    /// Which `--fail-on` conditions the report meets (`.error` is decided by the command itself).
    var conditions: Set<FailCondition> { get }
}

/// The one-line verdict a Markdown report starts with: the worst of what the report shows.
struct ReportVerdict {
    /// From best to worst.
    enum Kind: Int, Comparable {
        case safe, needsCode, losesData, fails

        /// "safe", "needs code", "loses data", "fails".
        var word: String {
            switch self {
            case .safe: "safe"
            case .needsCode: "needs code"
            case .losesData: "loses data"
            case .fails: "fails"
            }
        }

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let kind: Kind
    /// What it rests on, in one sentence.
    let reason: String
}

/// A finding as code review tools show it: `error`, `warning` or `notice`, at a file's line when it has one.
struct ReportAnnotation: Equatable {
    /// How serious it is.
    enum Level: String {
        case error, warning, notice
    }

    let level: Level
    /// A short rule name ("strata/lint", "strata/cloudkit", "strata/data-loss").
    let rule: String
    /// The title GitHub shows above the message.
    let title: String
    let message: String
    /// The file relative to the repository's root, when the finding has a place.
    var file: String? = nil
    var line: Int? = nil
    var column: Int? = nil
}
