import Foundation
import Testing

/// `--platform` and `--verbose` with `--sources` (issue 49, 3): `#if` evaluated for the platform named (iOS unless
/// told), and which branch was read said on standard error.
@Suite struct PlatformCommandTests {
    static let trail = SourcesCommandTests.tree("Corpus/TrailApp")

    /// The versions `check --json` lists.
    static func versions(_ run: CommandRun) throws -> [String] {
        (try run.json()["versions"] as? [[String: Any]])?.compactMap { $0["version"] as? String } ?? []
    }

    @Test func readsThePlanForThePlatformNamed() throws {
        let phone = try CommandRun.strata("check", "--sources", Self.trail, "--json")
        #expect(phone.status == 0)
        #expect(try Self.versions(phone) == ["1.0.0", "2.0.0", "3.0.0"])
        let watch = try CommandRun.strata("check", "--sources", Self.trail, "--platform", "watchos", "--json")
        #expect(watch.status == 0)
        #expect(try Self.versions(watch) == ["1.0.0", "2.0.0"])
        let diff = try CommandRun.strata("diff", "--sources", Self.trail, "--platform", "macos", "1.0.0", "2.0.0")
        #expect(diff.status == 0)
        #expect(!diff.standardOutput.contains("photo"), "\(diff.standardOutput)")
    }

    @Test func verboseSaysWhichBranchWasRead() throws {
        let check = try CommandRun.strata("check", "--sources", Self.trail, "--platform", "watchos", "--verbose")
        #expect(check.status == 0)
        #expect(
            check.standardError.contains(
                "Schema/TrailPlan.swift:5:9: #if os(watchOS): the #if branch is read (watchOS)"),
            "\(check.standardError)")
        #expect(
            check.standardError.contains("Schema/TrailSchemaV2.swift:20:9: #if os(iOS): no branch is read (watchOS)"))
    }

    @Test func refusesAPlatformItDoesNotKnow() throws {
        let check = try CommandRun.strata("check", "--sources", Self.trail, "--platform", "android")
        #expect(check.status == 2)
        #expect(check.standardError.contains("--platform takes ios, macos, watchos, tvos, visionos, not 'android'"))
    }
}
