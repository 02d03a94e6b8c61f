import Foundation
import Testing

/// The real `strata` with `--sources DIR`: an app's source trees (Tests/StrataSourcesTests/Fixtures) read without
/// compiling, on check, diff, plan, new, migrate --dry-run and open.
@Suite struct SourcesCommandTests {
    static func tree(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StrataSourcesTests/Fixtures/\(name)").path
    }

    @Test func checksAndDiffsAnAppsPlanFromItsSources() throws {
        let check = try CommandRun.strata("check", "--sources", Self.tree("NotesApp"), "--json")
        #expect(check.status == 0)
        let report = try check.json()
        #expect(report["plan"] as? String == "NotesMigrationPlan")
        #expect(report["valid"] as? Bool == true)
        #expect(
            (report["versions"] as? [[String: Any]])?.compactMap { $0["version"] as? String } == [
                "1.0.0", "2.0.0", "3.0.0",
            ])
        let diff = try CommandRun.strata("diff", "--sources", Self.tree("NotesApp"), "1.0.0", "2.0.0")
        #expect(diff.status == 0)
        #expect(diff.standardOutput.contains("~ Note.text renamed from body  [lightweight]"))
        #expect(
            diff.standardOutput.contains("+ Note.priority added (Priority(Int), required, default Priority.normal)"))
    }

    @Test func asksWhichPlanWhenTheSourcesDeclareSeveralAndReportsTheirProblems() throws {
        let ambiguous = try CommandRun.strata("check", "--sources", Self.tree("LintApp"))
        #expect(ambiguous.status == 2)
        #expect(
            ambiguous.standardError.contains("declares several plans (ShopPlan, EmptyPlan); pick one with --plan NAME"))
        let shop = try CommandRun.strata("check", "--sources", Self.tree("LintApp"), "--plan", "ShopPlan")
        #expect(shop.status == 1)
        #expect(shop.standardOutput.contains("schemas 3.0.0 and 4.0.0 are identical"))
        #expect(shop.standardOutput.contains("is lightweight but contains a change it cannot do: Product.sku added"))
    }

    @Test func makesSampleStoresAndDryRunsTheLightweightStagesOfTheSources() throws {
        let temporary = try TemporaryStore()
        let at2 = temporary.path("Notes-2.store")
        let made = try CommandRun.strata(
            "new", at2, "--sources", Self.tree("NotesApp"), "--at", "2.0.0", "--sample", "12", "--json")
        #expect(made.status == 0)
        #expect((try made.json()["entities"] as? [[String: Any]])?.compactMap { $0["rows"] as? Int } == [12, 12])
        let rows = try CommandRun.strata("rows", at2, "Note", "--json").json()["rows"] as? [[String: Any]] ?? []
        #expect(Set(rows.compactMap { $0["title"] as? String }).count == 12)
        #expect(Set(rows.compactMap { $0["priority"] as? Int }) == [0, 1, 2])
        #expect(rows.filter { $0["attachment"] is NSNull }.count == 3) // every fourth optional is nil

        let before = TemporaryStore.digests(of: at2)
        let dry = try CommandRun.strata("migrate", at2, "--sources", Self.tree("NotesApp"), "--dry-run", "--json")
        #expect(dry.status == 0)
        let report = try dry.json()
        #expect(report["reached"] as? String == "3.0.0")
        #expect(report["succeeded"] as? Bool == true)
        #expect(report["notRun"] == nil)
        #expect(TemporaryStore.digests(of: at2) == before)
    }

    @Test func marksACustomStageReadFromSourcesNotRun() throws {
        let temporary = try TemporaryStore()
        let at1 = temporary.path("Notes-1.store")
        #expect(
            try CommandRun.strata("new", at1, "--sources", Self.tree("NotesApp"), "--at", "1.0.0", "--sample", "5")
                .status == 0)
        let plan = try CommandRun.strata("plan", at1, "--sources", Self.tree("NotesApp"))
        #expect(plan.standardOutput.contains("plan NotesMigrationPlan leads to 3.0.0 in 2 stages"))
        let dry = try CommandRun.strata("migrate", at1, "--sources", Self.tree("NotesApp"), "--dry-run", "--json")
        #expect(dry.status == 0)
        let report = try dry.json()
        #expect(report["reached"] as? String == "1.0.0")
        #expect(
            (report["notRun"] as? String)?.contains(
                "Custom stage 1.0.0 -> 2.0.0 not run: its code was read from the sources, not compiled") == true)
        let real = try CommandRun.strata("migrate", at1, "--sources", Self.tree("NotesApp"), "--yes")
        #expect(real.status == 2)
        #expect(real.standardError.contains("so it only dry-runs: add --dry-run"))
        let open = try CommandRun.strata("open", at1, "--sources", Self.tree("NotesApp"))
        #expect(open.status == 0)
        #expect(
            open.standardOutput.contains(
                "stage 1.0.0 -> 2.0.0 custom: 7 changes (not run: its code was read from the sources, not compiled)"))
    }

    @Test func saysTheCompiledLevelRunsTheAppsCodeAndOffersStatic() throws {
        // Help text wraps: compare it with its lines joined.
        let unwrapped = { (text: String) in
            text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                separator: " ")
        }
        let help = unwrapped(try CommandRun.strata("migrate", "--help").standardOutput)
        #expect(help.contains("the command runs in the built program: that runs the app's code"))
        #expect(help.contains("--static") && help.contains("With --sources: stay at the static level"))
        #expect(unwrapped(try CommandRun.strata("--help").standardOutput).contains("that runs the app's code"))
        let both = try CommandRun.strata("check", "--sources", Self.tree("RecipesApp"), "--static", "--compiled")
        #expect(both.status == 2)
        #expect(both.standardError.contains("--static and --compiled exclude each other"))
        let noSources = try CommandRun.strata("check", "--plan", "bookshelf", "--compiled")
        #expect(noSources.status == 2)
        #expect(noSources.standardError.contains("give --sources DIR"))
        let temporary = try TemporaryStore()
        let new = try CommandRun.strata(
            "new", temporary.path("R.store"), "--sources", Self.tree("RecipesApp"), "--at", "1.0.0", "--compiled")
        #expect(new.status == 2)
        #expect(new.standardError.contains("leave out --compiled"))
        // --static keeps a real run refused, and says how to run the app's code instead.
        let store = temporary.path("Recipes.store")
        #expect(try CommandRun.strata("new", store, "--sources", Self.tree("RecipesApp"), "--at", "1.0.0").status == 0)
        let real = try CommandRun.strata(
            ["migrate", store, "--sources", Self.tree("RecipesApp"), "--static", "--yes"],
            environment: ["STRATA_STATIC": ""])
        #expect(real.status == 2)
        #expect(real.standardError.contains("leave out --static (and STRATA_STATIC) to build the app's code"))
    }

    @Test func readsATreeThatDoesNotCompile() throws {
        let check = try CommandRun.strata("check", "--sources", Self.tree("BrokenApp"))
        #expect(check.status == 0)
        #expect(check.standardOutput.contains("Plan PhotosPlan: 2 versions, 1 stage"))
    }
}
