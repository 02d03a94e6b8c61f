import Foundation
import Testing

/// `--format markdown|github|sarif` of the real `strata` on a pull request's repository (ReviewRepository) and on the
/// bookshelf demo store: golden files, paths relative to the repository's root, `--json` kept as an alias.
@Suite struct ReviewFormatTests {
    /// The words of the check the workflow in docs/CI.md runs, with a small sample.
    static let check = [
        "check", "--sources", ReviewRepository.sources, "--frozen", "strata-freeze.json", "--upgrades", "--sample", "3",
    ]

    @Test func theMarkdownReportOfAPullRequestStartsWithItsVerdict() throws {
        let repository = try ReviewRepository()
        let run = try CommandRun.strata(Self.check + ["--format", "markdown"], in: repository.root)
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("**Verdict: fails.** plan SummitMigrationPlan has 3 errors."))
        #expect(!run.standardOutput.contains(repository.root.path), "no temporary path")
        #expect(run.standardOutput.contains("| `MyApp/Sources/Schema/SummitSchemaV2.swift:16:9` | error |"))
        try GoldenFile.expect(run.standardOutput, equals: "check-summit.md")
        let second = try ReviewRepository()
        let again = try CommandRun.strata(Self.check + ["--format", "markdown"], in: second.root)
        #expect(again.standardOutput == run.standardOutput, "deterministic")
    }

    @Test func aValidPlanReportsItsUpgradeMatrix() throws {
        // The pull request only drops Hike.notes: no error, a CloudKit warning and a destructive change.
        let repository = try ReviewRepository(editing: [("        var notes: String?\n", "")])
        let run = try repository.strata(
            "check", "--sources", ReviewRepository.sources, "--upgrades", "--sample", "3", "--format", "markdown")
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("**Verdict: loses data.** 1 stage drops data: 1.0.0 -&gt; 2.0.0"))
        #expect(run.standardOutput.contains("| `1.0.0` | reached 2.0.0 |"))
        try GoldenFile.expect(run.standardOutput, equals: "check-summit-upgrades.md")
    }

    @Test func annotationsNameTheFilesFromTheRepositorysRoot() throws {
        let repository = try ReviewRepository()
        let github = try CommandRun.strata(Self.check + ["--format", "github"], in: repository.root)
        #expect(github.status == 1)
        let lines = github.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "::error file=MyApp/Sources/Schema/SummitSchemaV2.swift,line=16,col=9,title=Strata%3A CloudKit::CloudKit: Hike.weather is required without a default: a CloudKit-synced container fails to load with \"CloudKit integration requires that all attributes be optional, or have a default value set\"; make it optional or give it a default value"
            ))
        #expect(
            lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") })
        try GoldenFile.expect(github.standardOutput, equals: "check-summit.github.txt")

        // From inside the app's folder, the paths still start at the repository's root; --repository-root moves it.
        let inside = try CommandRun.strata(
            ["check", "--sources", "Sources", "--format", "github"], in: repository.root.appendingPathComponent("MyApp")
        )
        #expect(inside.standardOutput.contains("file=MyApp/Sources/Schema/SummitSchemaV2.swift,line=16,col=9"))
        let rooted = try repository.strata(
            "check", "--sources", ReviewRepository.sources, "--format", "github", "--repository-root", "MyApp")
        #expect(rooted.standardOutput.contains("file=Sources/Schema/SummitSchemaV2.swift,line=16,col=9"))

        let sarif = try CommandRun.strata(Self.check + ["--format", "sarif"], in: repository.root)
        #expect(sarif.status == 1)
        let log = try sarif.json()
        #expect(log["version"] as? String == "2.1.0")
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.count == lines.count)
        let first = try #require(results.first { ($0["ruleId"] as? String) == "strata/cloudkit" })
        let location = (first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect(
            (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
                == "MyApp/Sources/Schema/SummitSchemaV2.swift")
        try GoldenFile.expect(sarif.standardOutput, equals: "check-summit.sarif.json")
    }

    @Test func planAndDryRunReportsForAPullRequest() throws {
        let temporary = try TemporaryStore()
        _ = try temporary.demoStore(rows: 12, name: "Books.store")
        let plan = try CommandRun.strata(
            ["plan", "Books.store", "--plan", "bookshelf", "--format", "markdown"], in: temporary.directory)
        #expect(plan.status == 0)
        try GoldenFile.expect(plan.standardOutput, equals: "plan-bookshelf.md")
        let dryRun = try CommandRun.strata(
            [
                "migrate", "Books.store", "--plan", "bookshelf", "--dry-run", "--rows", "--limit", "2", "--format",
                "markdown",
            ],
            in: temporary.directory)
        #expect(dryRun.status == 0)
        #expect(!dryRun.standardOutput.contains(temporary.directory.path))
        #expect(dryRun.standardOutput.contains("<details><summary>Rows before and after"))
        try GoldenFile.expect(dryRun.standardOutput, equals: "migrate-bookshelf.md")
        let github = try CommandRun.strata(
            ["migrate", "Books.store", "--plan", "bookshelf", "--dry-run", "--format", "github"],
            in: temporary.directory)
        #expect(github.status == 0)
        try GoldenFile.expect(github.standardOutput, equals: "migrate-bookshelf.github.txt")
    }

    @Test func jsonStaysAnAliasAndTheFormatsAreChecked() throws {
        let temporary = try TemporaryStore()
        let json = try CommandRun.strata("check", "--plan", "bookshelf", "--json")
        let format = try CommandRun.strata("check", "--plan", "bookshelf", "--format", "json")
        #expect(json.status == 0)
        #expect(json.standardOutput == format.standardOutput)
        #expect(try json.json()["format"] as? String == "strata.check/1")
        let both = try CommandRun.strata("check", "--plan", "bookshelf", "--json", "--format", "markdown")
        #expect(both.status == 2)
        #expect(both.standardError.contains("--json is --format json"))
        let unknown = try CommandRun.strata("check", "--plan", "bookshelf", "--format", "html")
        #expect(unknown.status == 2)
        let store = try temporary.demoStore(rows: 6)
        let plan = try CommandRun.strata("plan", store, "--plan", "bookshelf", "--json")
        #expect(try plan.json()["format"] as? String == "strata.plan/1")
    }
}
