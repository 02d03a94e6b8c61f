import Testing

/// Every command answers `--help` with its usage and at least one example.
@Suite struct HelpTests {
    @Test(arguments: ["info", "check", "diff", "plan", "migrate", "rows"])
    func helpShowsUsageAndAnExample(command: String) throws {
        let run = try CommandRun.strata([command, "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: strata \(command)"))
        #expect(run.standardOutput.contains("Example"))
        #expect(run.standardOutput.contains("  strata \(command) "))
        #expect(run.standardError.isEmpty)
    }

    @Test func rootHelpListsCommandsPlansAndExitCodes() throws {
        let run = try CommandRun.strata("--help")
        for command in ["info", "check", "diff", "plan", "migrate", "rows"] {
            #expect(run.standardOutput.contains("  \(command) "))
        }
        let plans = run.standardOutput.components(separatedBy: "Plans this build knows (--plan NAME): ").last ?? ""
        #expect(plans.contains("bookshelf") && plans.contains("trips"))
        #expect(run.standardOutput.contains("3 store problem"))
    }
}
