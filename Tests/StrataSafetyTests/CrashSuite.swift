import Foundation
import Testing

/// SIGKILL at many points of a real `strata migrate` (lightweight, rebuild and custom stages): after every kill the
/// store opens at a stage boundary with every row and kept value intact, and running again finishes the migration.
/// Quick profile in `swift test`; `STRATA_FULL=1 swift test --scratch-path .build-safety --filter CrashSuite` runs
/// the full one (at least 200 kills, 100,000 entries).
@Suite struct CrashSuite {
    @Test func killedMigrationsLoseNothing() throws {
        let directory = TemporaryDirectory()
        let profile = CrashHarness.Profile.current
        let harness = try CrashHarness(profile: profile, directory: directory.url)
        let verbose = ProcessInfo.processInfo.environment["STRATA_FULL"] == "1"
        let tally = try harness.run { line in
            guard verbose else { return }
            // Unbuffered, so a long run shows each kill as it happens even when the output is a file.
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        print(tally.summary)
        #expect(tally.kills >= profile.kills)
        #expect(tally.failed == 0, "\(tally.failures.joined(separator: "\n"))")
        #expect(tally.passed == tally.kills)
    }
}
