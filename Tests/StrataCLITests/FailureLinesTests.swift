import Foundation
import Testing

/// Issue 44: a failure of several lines (a stage that left duplicates, with a line per problem) reaches the user as
/// lines, never with a literal `\n`: in `migrate`'s event lines and in `check --upgrades`' matrix notes.
@Suite struct FailureLinesTests {
    /// The help-desk app (its 1.0.0 -> 2.0.0 stage makes repeated ticket numbers unique) in `directory`, and a store
    /// of 120 tickets at 1.0.0 made from it.
    static func helpdesk(in directory: TemporaryStore) throws -> (sources: String, store: String) {
        let folder = directory.path("HelpdeskApp")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try UpgradePathsCommandTests.helpdeskApp.write(
            toFile: folder + "/Tickets.swift", atomically: true, encoding: .utf8)
        let store = directory.path("tickets.store")
        let made = try CommandRun.strata("new", store, "--sources", folder, "--at", "1.0.0", "--sample", "120")
        #expect(made.status == 0, "\(made.standardError)")
        return (folder, store)
    }

    @Test func migratesEventLinesShowAFailureAsLines() throws {
        let directory = try TemporaryStore()
        let (sources, store) = try Self.helpdesk(in: directory)
        let run = try CommandRun.strata("migrate", store, "--sources", sources, "--dry-run")
        #expect(run.status == 1, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let failed = try #require(lines.firstIndex { $0.hasPrefix("1.0.0 -> 2.0.0: failed: ") }, "\(lines)")
        #expect(
            lines[failed]
                == "1.0.0 -> 2.0.0: failed: Stage 1.0.0 -> 2.0.0 left data that does not fit the new schema; the stage was rolled back:"
        )
        #expect(lines[failed + 1].hasPrefix("    - Ticket.number: 20 groups of duplicate values"), "\(lines)")
        #expect(!run.standardOutput.contains("\\n") && !run.standardError.contains("\\n"), "\(run.standardOutput)")
    }

    @Test func upgradesMatrixShowsAFailureAsLines() throws {
        let directory = try TemporaryStore()
        let (sources, _) = try Self.helpdesk(in: directory)
        let run = try CommandRun.strata(
            ["check", "--sources", sources, "--upgrades", "--sample", "120"], environment: ["NO_COLOR": "1"])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let failed = try #require(lines.firstIndex { $0.hasPrefix("1.0.0: failed at 1.0.0 -> 2.0.0: ") }, "\(lines)")
        #expect(lines[failed].hasSuffix("the stage was rolled back:"), "\(lines[failed])")
        #expect(lines[failed + 1].hasPrefix("    - Ticket.number: 20 groups of duplicate values"), "\(lines)")
        #expect(!run.standardOutput.contains("\\n"), "\(run.standardOutput)")
    }
}
