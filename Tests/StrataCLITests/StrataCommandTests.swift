import Testing

/// `strata` run as a subprocess: help and a usage error, with their output and exit status (the version: VersionAndCompletionTests).
@Suite struct StrataCommandTests {
    @Test func helpDescribesTheCommandAndExitsZero() throws {
        let run = try CommandRun.strata("--help")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("OVERVIEW: Browse SwiftData-style stores"))
        #expect(run.standardOutput.contains("USAGE: strata"))
        #expect(run.standardOutput.contains("strata --version"))
        #expect(run.standardOutput.contains("--version"))
        #expect(run.standardError.isEmpty)
    }

    @Test func unknownFlagIsAUsageErrorWithStatusTwo() throws {
        let run = try CommandRun.strata("--no-such-flag")
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("Unknown option '--no-such-flag'"))
        #expect(run.standardError.contains("Usage: strata"))
    }

    /// An option of another command names the commands taking it, where ArgumentParser would guess a similar
    /// option of the command given ("Did you mean '--json'?" for `rows … --plan`); a misspelt one keeps the guess.
    @Test func anOptionOfAnotherCommandNamesTheCommandsTakingIt() throws {
        let plan = try CommandRun.strata(["rows", "Books.store", "Book", "--plan", "bookshelf"])
        #expect(plan.status == 2)
        let lines = plan.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("Error: Unknown option '--plan' (an option of check, freeze, ") == true, "\(lines)")
        #expect(lines.first?.contains(" migrate, ") == true && lines.first?.contains("rows") == false, "\(lines)")
        #expect(!plan.standardError.contains("Did you mean"))
        #expect(lines.dropFirst().first?.hasPrefix("Usage: strata rows <store> <entity>") == true, "\(lines)")

        let dryRun = try CommandRun.strata(["info", "Books.store", "--dry-run"])
        #expect(dryRun.standardError.hasPrefix("Error: Unknown option '--dry-run' (an option of migrate)\n"))

        let misspelt = try CommandRun.strata(["info", "Books.store", "--jsn"])
        #expect(misspelt.standardError.hasPrefix("Error: Unknown option '--jsn'. Did you mean '--json'?\n"))
    }
}
