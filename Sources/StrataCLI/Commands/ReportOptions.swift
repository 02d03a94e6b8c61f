import ArgumentParser
import Foundation

/// The output options of `check`, `plan` and `migrate`: `--format` (`--json` standing for `--format json`), `--fail-on`
/// and `--repository-root`.
struct ReportOptions: ParsableArguments {
    @Flag(name: .long, help: "The same as --format json.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "How to print the report: text, json (its \"format\" key names the shape and version), markdown (a pull-request comment), github (workflow commands annotating lines) or sarif (SARIF 2.1.0).",
            valueName: "format"))
    var format: ReportFormat?

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "What else exits 1 besides errors: warning, data-loss, custom-not-run (repeat it or separate with commas; error, the default, is always on).",
            valueName: "conditions"))
    var failOnValues: [String] = []

    @Option(
        help: ArgumentHelp(
            "With --format github, sarif or markdown: the folder paths are made relative to (default: the nearest folder holding .git above each file).",
            valueName: "dir"))
    var repositoryRoot: String?

    /// The format chosen.
    var chosen: ReportFormat { format ?? (json ? .json : .text) }

    /// What exits 1.
    var failOn: Set<FailCondition> { (try? FailCondition.parse(failOnValues)) ?? [.error] }

    func validate() throws {
        if json, let format, format != .json {
            throw ValidationError("--json is --format json: leave out one of --json and --format \(format.rawValue)")
        }
        _ = try FailCondition.parse(failOnValues)
    }

    /// Prints `report` as Markdown, workflow commands or SARIF (`text` and `json` are the command's own).
    func printReview(_ report: some ReviewReport) throws {
        let paths = RepositoryPaths(root: repositoryRoot)
        switch chosen {
        case .text, .json:
            return
        case .markdown:
            let sections = report.markdownSections(paths: paths) + [MarkdownDocument.reproduce(reproducingCommand)]
            Console.out(MarkdownDocument(verdict: report.verdict, sections: sections).text())
        case .github:
            GitHubAnnotations.lines(report.annotations(paths: paths)).forEach { Console.out($0) }
        case .sarif:
            try JSONOutput.print(SARIFLog(report.annotations(paths: paths)))
        }
    }

    /// Exits 1 when `report` meets a `--fail-on` condition besides errors, saying which on standard error.
    func exitIfFailing(_ report: some ReviewReport) throws {
        let met = report.conditions.intersection(failOn).subtracting([.error])
        guard !met.isEmpty else { return }
        let names = FailCondition.allCases.filter(met.contains).map(\.rawValue)
        throw CommandFailure.findings(
            "--fail-on \(names.joined(separator: ",")): the report has \(names.joined(separator: " and "))")
    }

    /// The command line as given, in text: what reproduces the report locally (`--format`, `--json` and
    /// `--repository-root` left out).
    var reproducingCommand: String {
        var words: [String] = []
        var skipNext = false
        for argument in CommandLineSetup.current.arguments {
            if skipNext {
                skipNext = false
            } else if argument == "--format" || argument == "--repository-root" {
                skipNext = true
            } else if argument != "--json" && !argument.hasPrefix("--format=")
                && !argument.hasPrefix("--repository-root=")
            {
                words.append(argument)
            }
        }
        return ShellWords.command(["strata"] + words)
    }
}
