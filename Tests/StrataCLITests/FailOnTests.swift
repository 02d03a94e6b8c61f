import Foundation
import Testing

/// `--fail-on` on the real `strata`: errors always exit 1; warnings, data loss and custom stages not run exit 1 only
/// when named, and the report printed is the same.
@Suite struct FailOnTests {
    @Test func warningsAndDataLossFailOnlyWhenNamed() throws {
        // SummitSchemaV2 dropping Hike.notes after sync began: a CloudKit warning and a destructive change, no error.
        let repository = try ReviewRepository(editing: [("        var notes: String?\n", "")])
        let words = ["check", "--sources", ReviewRepository.sources]
        let plain = try CommandRun.strata(words, in: repository.root)
        #expect(plain.status == 0, "\(plain.standardOutput)")
        #expect(plain.standardOutput.contains("warning: CloudKit: Hike.notes removed in 1.0.0 -> 2.0.0"))
        let warning = try CommandRun.strata(words + ["--fail-on", "warning"], in: repository.root)
        #expect(warning.status == 1)
        #expect(warning.standardOutput == plain.standardOutput)
        #expect(warning.standardError.contains("--fail-on warning: the report has warning"))
        let loss = try CommandRun.strata(
            words + ["--fail-on", "data-loss", "--format", "markdown"], in: repository.root)
        #expect(loss.status == 1)
        #expect(
            loss.standardOutput.hasPrefix(
                "**Verdict: loses data.** 1 stage drops data: 1.0.0 -&gt; 2.0.0 (Hike.notes removed"))
        let both = try CommandRun.strata(
            words + ["--fail-on", "error,warning", "--fail-on", "data-loss"], in: repository.root)
        #expect(both.status == 1)
        #expect(both.standardError.contains("--fail-on warning,data-loss"))
        let notRun = try CommandRun.strata(words + ["--fail-on", "custom-not-run"], in: repository.root)
        #expect(notRun.status == 0)
        let wrong = try CommandRun.strata(words + ["--fail-on", "warnings"], in: repository.root)
        #expect(wrong.status == 2)
        #expect(wrong.standardError.contains("--fail-on takes error, warning, data-loss, custom-not-run"))
    }

    @Test func aCustomStageNotRunFailsWhenNamed() throws {
        let recipes = SourcesCommandTests.tree("RecipesApp")
        let upgrades = try CommandRun.strata("check", "--sources", recipes, "--upgrades", "--sample", "2", "--json")
        #expect(upgrades.status == 0)
        let paths = try upgrades.json()["upgrades"] as? [[String: Any]] ?? []
        #expect(paths.contains { $0["outcome"] as? String == "stopped" })
        let named = try CommandRun.strata(
            "check", "--sources", recipes, "--upgrades", "--sample", "2", "--fail-on", "custom-not-run")
        #expect(named.status == 1)
        #expect(named.standardError.contains("--fail-on custom-not-run"))
    }

    @Test func aDryRunWhoseCustomStageCannotRunNeedsCode() throws {
        let temporary = try TemporaryStore()
        let recipes = SourcesCommandTests.tree("RecipesApp")
        #expect(
            try CommandRun.strata(["new", "R.store", "--sources", recipes, "--at", "1.0.0"], in: temporary.directory)
                .status == 0)
        let dryRun = ["migrate", "R.store", "--sources", recipes, "--dry-run"]
        let markdown = try CommandRun.strata(dryRun + ["--format", "markdown"], in: temporary.directory)
        #expect(markdown.status == 0)
        #expect(
            markdown.standardOutput.hasPrefix(
                "**Verdict: needs code.** a dry run of plan RecipesMigrationPlan on a copy of R.store reached 1.0.0: Custom stage 1.0.0 -&gt; 2.0.0 not run: its code was read from the sources, not compiled"
            ))
        let github = try CommandRun.strata(
            dryRun + ["--format", "github", "--fail-on", "custom-not-run"], in: temporary.directory)
        #expect(github.status == 1)
        #expect(
            github.standardOutput.hasPrefix(
                "::warning title=Strata%3A custom stage not run::Custom stage 1.0.0 -> 2.0.0 not run"))
        #expect(github.standardError.contains("--fail-on custom-not-run: the report has custom-not-run"))
    }

    @Test func aDryRunThatDropsValuesFailsOnDataLoss() throws {
        let temporary = try TemporaryStore()
        let store = try temporary.demoStore(rows: 12)
        let plain = try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--dry-run", "--format", "markdown")
        #expect(plain.status == 0)
        // Bookshelf's custom stage 2.0.0 -> 3.0.0 drops Book.author once it has split it.
        #expect(plain.standardOutput.hasPrefix("**Verdict: loses data.** a dry run of plan bookshelf on a copy of"))
        let blocked = try CommandRun.strata(
            "migrate", store, "--plan", "bookshelf", "--dry-run", "--fail-on", "data-loss")
        #expect(blocked.status == 1)
        #expect(blocked.standardError.contains("--fail-on data-loss: the report has data-loss"))
    }
}
