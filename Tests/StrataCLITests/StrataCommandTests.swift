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
}
