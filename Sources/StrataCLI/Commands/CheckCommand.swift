import ArgumentParser

/// `strata check --plan NAME`: validates a plan without a store; exits 1 with the findings when it is wrong.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a migration plan without a store.",
        discussion: """
            Checks the plan's schemas (model mistakes, duplicate or identical versions) and stages (unknown \
            versions, repeated stages, lightweight stages holding changes only a custom stage can make). \
            Exits 1 and lists the problems when there are any.

            Examples:
              strata check --plan bookshelf
              strata check --plan trips --json
              strata check --sources MyApp/Sources
            """)

    @OptionGroup var plan: PlanOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let resolved = try plan.resolve()
        let report = CheckReport(name: resolved.name, checked: resolved.checked)
        if output.json {
            try JSONOutput.print(report)
        } else {
            report.textLines(style: .standardOutput).forEach { Console.out($0) }
        }
        if !report.valid { throw ExitCode(ExitStatus.findings.rawValue) }
    }
}
