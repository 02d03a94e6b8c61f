import Foundation
import Testing

/// The compiled level of `--sources`, end to end with the real `strata`: the app's needed files built against this
/// Strata in a cache, custom stages really run (dry run and real run), the build reused, the static and compiled
/// levels agreeing on every schema, and trees that do not compile falling back with the declarations named.
/// The first build compiles Strata in the cache (minutes), so this suite runs only with STRATA_COMPILED_TESTS=1, as
/// Tests/compiled-sources.sh runs it (CI's own step); STRATA_COMPILED_CACHE names the cache to reuse.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["STRATA_COMPILED_TESTS"] == "1"))
struct CompiledSourcesTests {
    /// The cache the builds share (the suite's runs reuse it).
    static let cache =
        ProcessInfo.processInfo.environment["STRATA_COMPILED_CACHE"]
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("strata-compiled-cache").path

    /// Runs `strata` at the compiled level, building in the shared cache.
    static func compiled(_ arguments: String...) throws -> CommandRun {
        try CommandRun.strata(arguments, environment: ["STRATA_STATIC": "", "XDG_CACHE_HOME": cache])
    }

    @Test func runsTheAppsCustomStageInADryRunAndARealRun() throws {
        let recipes = SourcesCommandTests.tree("RecipesApp")
        let temporary = try TemporaryStore()
        let store = temporary.path("Recipes.store")
        #expect(try CommandRun.strata("new", store, "--sources", recipes, "--at", "1.0.0", "--sample", "5").status == 0)

        let dry = try Self.compiled("migrate", store, "--sources", recipes, "--dry-run", "--json")
        #expect(dry.status == 0, "\(dry.standardError)")
        let report = try dry.json()
        #expect(report["reached"] as? String == "3.0.0")
        #expect(report["notRun"] == nil)
        #expect((report["stages"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["custom", "lightweight"])

        // Unchanged sources: the build is reused without starting swift build.
        let started = Date()
        let again = try Self.compiled("migrate", store, "--sources", recipes, "--dry-run", "--json")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(again.status == 0)
        #expect(!again.standardError.contains("compiling"))
        #expect(try again.json()["reached"] as? String == "3.0.0")

        let rowsBefore = try CommandRun.strata("rows", store, "Recipe", "--json").json()["rows"] as? [[String: Any]]
        #expect(rowsBefore?.first?["name"] as? String == "Recipe name 1") // the dry run left the store alone

        let real = try Self.compiled("migrate", store, "--sources", recipes, "--yes", "--json")
        #expect(real.status == 0, "\(real.standardError)")
        #expect(try real.json()["reached"] as? String == "3.0.0")
        let rows = try #require(
            try CommandRun.strata("rows", store, "Recipe", "--json").json()["rows"] as? [[String: Any]])
        #expect(rows.count == 5)
        // willMigrate capitalised the names; didMigrate set each difficulty from the minutes (easy, not the default).
        #expect(rows.compactMap { $0["name"] as? String }.sorted() == (1...5).map { "Recipe Name \($0)" })
        #expect(rows.allSatisfy { ($0["difficulty"] as? Int) == 0 })

        let open = try Self.compiled("open", store, "--sources", recipes)
        #expect(open.status == 0)
        #expect(open.standardOutput.contains("version: 3.0.0"))
    }

    @Test func theStaticAndCompiledLevelsReadTheSameSchemas() throws {
        let trees: [(String, [String])] = [
            ("RecipesApp", ["RecipesMigrationPlan"]), ("LintApp", ["ShopPlan", "EmptyPlan"]),
            ("ResourcesApp", ["ResourcesPlan"]), ("JournalApp", ["JournalPlan"]),
        ]
        for (tree, plans) in trees {
            for plan in plans {
                let arguments = ["check", "--sources", SourcesCommandTests.tree(tree), "--plan", plan, "--json"]
                let read = try CommandRun.strata(arguments + ["--static"]).json()
                let built = try CommandRun.strata(
                    arguments + ["--compiled"], environment: ["STRATA_STATIC": "", "XDG_CACHE_HOME": Self.cache])
                let compiled = try built.json()
                let fingerprints = { (report: [String: Any]) in
                    (report["versions"] as? [[String: Any]])?.compactMap { $0["fingerprint"] as? String } ?? []
                }
                #expect(!fingerprints(read).isEmpty, "\(tree) \(plan)")
                #expect(fingerprints(read) == fingerprints(compiled), "\(tree) \(plan): \(built.standardError)")
                // The lint reports each of the engine's problems once, at its place (the compiled plan's check names
                // the version of each model problem); it also has checks only sources allow. So every problem the
                // compiled plan has must be among the static level's.
                let engine = Set(
                    (compiled["problems"] as? [String] ?? []).map {
                        guard $0.hasPrefix("version "), let colon = $0.range(of: ": ") else { return $0 }
                        return String($0[colon.upperBound...])
                    })
                let lint = Set(read["problems"] as? [String] ?? [])
                #expect(engine.isSubset(of: lint), "\(tree) \(plan): \(engine.subtracting(lint))")
            }
        }
    }

    @Test func aTreeThatDoesNotCompileFallsBackNamingTheDeclarations() throws {
        let notes = SourcesCommandTests.tree("NotesApp")
        let temporary = try TemporaryStore()
        let store = temporary.path("Notes.store")
        #expect(try CommandRun.strata("new", store, "--sources", notes, "--at", "1.0.0", "--sample", "3").status == 0)
        let dry = try Self.compiled("migrate", store, "--sources", notes, "--dry-run", "--json")
        #expect(dry.status == 0)
        #expect(dry.standardError.contains("the app's code did not compile"))
        #expect(
            dry.standardError.contains(
                "NotesApp/Models/NotesSchemaV2.swift:39:16: error: Priority.color: cannot find type 'Color' in scope"))
        let notRun = try #require(try dry.json()["notRun"] as? String)
        #expect(notRun.contains("Custom stage 1.0.0 -> 2.0.0 not run: its code did not compile (Priority.color at "))

        // The failed build is remembered while the sources are unchanged.
        let started = Date()
        let open = try Self.compiled("open", store, "--sources", notes)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(open.standardOutput.contains("(not run: its code did not compile (Priority.color at "))

        let real = try Self.compiled("migrate", store, "--sources", notes, "--yes")
        #expect(real.status == 1)
        #expect(real.standardError.contains("a real run from --sources needs the app's code built"))

        let broken = try Self.compiled("check", "--sources", SourcesCommandTests.tree("BrokenApp"), "--compiled")
        #expect(broken.status == 0)
        #expect(broken.standardError.contains("error: PhotosV2.Photo.thumbnail: cannot find type 'UIImage' in scope"))
        #expect(broken.standardOutput.contains("Plan PhotosPlan: 2 versions, 1 stage"))
    }

    /// `.transformable(by:)` cannot build on Linux (its Foundation has no `ValueTransformer`): the compiled level stops
    /// at the app's own line with Strata's message saying what to write instead, and goes on at the static level.
    @Test func aValueTransformerStopsTheBuildWithStrataMessage() throws {
        let tags = SourcesCommandTests.tree("TagsApp")
        let run = try Self.compiled("check", "--sources", tags, "--compiled")
        #expect(run.standardError.contains("the app's code did not compile"), "\(run.standardError)")
        #expect(run.standardError.contains("TagsApp/Models/TagsSchemaV1.swift:5:"), "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "Linux's Foundation has no ValueTransformer, so Strata cannot run one: store the value as Data or a Codable type and convert it in a computed property"
            ))
    }
}
