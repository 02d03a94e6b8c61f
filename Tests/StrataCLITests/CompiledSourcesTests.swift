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

    /// `strata warm` builds its own small app in the cache (Strata and its dependencies with it), then finds nothing to
    /// build; the app's target and its recorded build are in the cache the other tests build in.
    @Test func warmBuildsTheCacheAndThenFindsNothingToDo() throws {
        let first = try Self.compiled("warm")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("The compiled level is ready in \(Self.cache)/strata/apps"))
        let again = try Self.compiled("warm")
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("The compiled level is ready"))
        #expect(!again.standardError.contains("compiling"), "a second warm builds nothing: \(again.standardError)")
        let state = URL(fileURLWithPath: Self.cache).appendingPathComponent("strata/apps/state")
        let recorded = try FileManager.default.contentsOfDirectory(atPath: state.path)
        #expect(!recorded.isEmpty)
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

        // Unchanged sources: the build is reused without starting swift build (the "compiling" notice is absent; no
        // time is asserted, as a busy machine makes any bound flaky).
        let again = try Self.compiled("migrate", store, "--sources", recipes, "--dry-run", "--json")
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
            // PlantKind is declared beside the views, outside the folder read: both levels look it up there.
            ("GardenApp/Sources/Garden/Data", ["GardenMigrationPlan"]),
            // A stored `Kind.RawValue`; a Tuist module whose Grade enum is in another module of the app.
            ("ListenLaterApp/ListenLaterKit", ["ListenLaterMigrationPlan"]), ("CragApp/Modules/Routes", ["RoutePlan"]),
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
        // The stage pins flagged notes: the way it reaches the SwiftUI member is named.
        #expect(
            dry.standardError.contains(
                "(the migration reaches it: NotesMigrationPlan → Priority.isFlagged → Priority.color)"),
            "\(dry.standardError)")
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

        // A model's UIKit-typed member that nothing the migration runs reaches no longer stops the build: it is left
        // out, and the member calling it keeps only its signature.
        let broken = try Self.compiled(
            "check", "--sources", SourcesCommandTests.tree("BrokenApp"), "--compiled", "--verbose")
        #expect(broken.status == 0)
        #expect(!broken.standardError.contains("did not compile"), "\(broken.standardError)")
        #expect(broken.standardError.contains("PhotosV2.Photo.thumbnail left out"), "\(broken.standardError)")
        #expect(
            broken.standardError.contains(
                "PhotosV2.Photo.hasThumbnail keeps its signature, its body stops with a message"),
            "\(broken.standardError)")
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
    /// A stage written as apps write them: it logs with `os.Logger` and `print`, stores pending work through a helper
    /// in a sibling folder that writes to Application Support, and sets an attribute whose enum lives beside the
    /// helper; the models import CloudKit (unused) and Combine (`ObservableObject`). It compiles unchanged: its output
    /// is in the dry-run log in order with its events, its side file went to a temporary folder that is gone, and
    /// the report says what was adapted.
    /// A stage logging the older way (`os_log` with a C-style format under a `public` `OSLog` of the app's), with
    /// `@Generable` types stored and an `@Observable` helper from a SwiftUI file, runs: its lines are the stage's
    /// output and its rows are set.
    @Test func aStageUsingOsLogAndAppleOnlyAttributesRuns() throws {
        let birds = SourcesCommandTests.tree("BirdLogApp") + "/Models"
        let temporary = try TemporaryStore()
        let store = temporary.path("BirdLog.store")
        #expect(try CommandRun.strata("new", store, "--sources", birds, "--at", "1.0.0", "--sample", "5").status == 0)

        let dry = try Self.compiled("migrate", store, "--sources", birds, "--dry-run", "--json")
        #expect(dry.status == 0, "\(dry.standardError)")
        let report = try dry.json()
        #expect(report["reached"] as? String == "2.0.0", "\(dry.standardError)")
        let stage = try #require((report["stages"] as? [[String: Any]])?.first)
        #expect(
            stage["output"] as? [String] == [
                "[Migration] info: Set the sky of 5 sightings (3 clear, 100.0% done) for <private>",
                "[Migration] debug: 40% of sightings overcast",
            ])
        let compiled = try #require(report["compiled"] as? [String: Any])
        #expect(
            (compiled["attributesDropped"] as? [[String: Any]])?.map { "\($0["line"] ?? "") \($0["attribute"] ?? "")" }
                == ["6 Generable", "12 Generable", "14 Guide"])

        let real = try Self.compiled("migrate", store, "--sources", birds, "--yes", "--json")
        #expect(real.status == 0, "\(real.standardError)")
        let rows = try #require(
            try CommandRun.strata("rows", store, "Sighting", "--json").json()["rows"] as? [[String: Any]])
        let skies = rows.map { "\($0["count"] ?? "") \($0["sky"] ?? "")" }.sorted()
        #expect(skies == ["1 overcast", "2 overcast", "3 clear", "4 clear", "5 clear"], "\(rows)")
    }

    @Test func aStageThatLogsWritesASideFileAndUsesASiblingFolderRuns() throws {
        let garden = SourcesCommandTests.tree("GardenApp") + "/Sources/Garden/Data"
        let temporary = try TemporaryStore()
        let store = temporary.path("Garden.store")
        #expect(try CommandRun.strata("new", store, "--sources", garden, "--at", "1.0.0", "--sample", "5").status == 0)

        let dry = try Self.compiled("migrate", store, "--sources", garden, "--dry-run", "--json")
        #expect(dry.status == 0, "\(dry.standardError)")
        let report = try dry.json()
        #expect(report["reached"] as? String == "2.0.0", "\(dry.standardError)")
        let stage = try #require((report["stages"] as? [[String: Any]])?.first)
        // Sample rows 1 to 5 have category codes 1 to 5; 5 was never on 1.0's menu.
        #expect(
            stage["output"] as? [String] == [
                "Garden 2.0 migration: 5 plants to classify",
                "[Migration] info: Queued watering for 5 plants at pending-watering.json",
                "[Migration] warning: 1 plants had no known category; filed under herb",
                "[Migration] notice: Classified 5 plants; first one <private>",
            ])
        #expect(stage["sideFiles"] as? [String] == ["Application Support/Garden/pending-watering.json"])
        let compiled = try #require(report["compiled"] as? [String: Any])
        let dropped = (compiled["importsDropped"] as? [[String: Any]] ?? []).map {
            "\(URL(fileURLWithPath: $0["file"] as? String ?? "").lastPathComponent):\($0["line"] ?? "") \($0["module"] ?? "")"
        }
        #expect(
            dropped == [
                "GardenMigrationPlan.swift:2 OSLog", "GardenSchemaV1.swift:1 CloudKit",
                "GardenSchemaV2.swift:1 Combine",
            ])
        #expect(
            (compiled["helpersAdded"] as? [String])?.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "PendingWatering.swift", "PlantKind.swift",
            ]) // not the views, nor PlantKind's SwiftUI-only extension beside them
        #expect(
            (compiled["shims"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == [
                "output", "logging", "folders", "combine",
            ])

        // The text log: one line per event, the stage's output among them in order.
        let home = try TemporaryStore()
        let scratch = try TemporaryStore()
        let sandboxed = [
            "STRATA_STATIC": "", "XDG_CACHE_HOME": Self.cache, "HOME": home.path("home"),
            "XDG_DATA_HOME": home.path("home/.local/share"), "TMPDIR": scratch.directory.path,
        ]
        let text = try CommandRun.strata(
            ["migrate", store, "--sources", garden, "--dry-run"], environment: sandboxed)
        #expect(text.status == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        let order = [
            "1.0.0 -> 2.0.0: step willMigrate", "1.0.0 -> 2.0.0: output: Garden 2.0 migration: 5 plants to classify",
            "1.0.0 -> 2.0.0: output: [Migration] info: Queued watering",
            "1.0.0 -> 2.0.0: step didMigrate", "1.0.0 -> 2.0.0: output: [Migration] notice: Classified 5 plants",
            "1.0.0 -> 2.0.0: finished",
            "1.0.0 -> 2.0.0: wrote Application Support/Garden/pending-watering.json (in the dry run's temporary folder, removed afterwards)",
        ]
        let positions = order.map { prefix in lines.firstIndex { $0.hasPrefix(prefix) } }
        #expect(positions.allSatisfy { $0 != nil }, "\(text.standardOutput)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("     | [Migration] warning: 1 plants had no known category"))
        // Nothing was written in the home folder, and the dry run's temporary folder is gone.
        let manager = FileManager.default
        #expect(!manager.fileExists(atPath: home.path("home")))
        #expect(try manager.contentsOfDirectory(atPath: scratch.directory.path).isEmpty)

        let real = try CommandRun.strata(
            ["migrate", store, "--sources", garden, "--yes", "--json"], environment: sandboxed)
        #expect(real.status == 0, "\(real.standardError)")
        let rows = try #require(
            try CommandRun.strata("rows", store, "Plant", "--json").json()["rows"] as? [[String: Any]])
        let kinds = Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in (row["name"] as? String).map { ($0, row["kind"] as? String) }
            })
        #expect(
            kinds == [
                "Plant name 1": "herb", "Plant name 2": "vegetable", "Plant name 3": "flower",
                "Plant name 4": "shrub", "Plant name 5": "herb",
            ])
        // A real run writes the side file where the app would on Linux: the user's Application Support.
        let queue = home.path("home/.local/share/Garden/pending-watering.json")
        #expect(
            manager.contents(atPath: queue).map { String(decoding: $0, as: UTF8.self) }?.contains("Plant name 3")
                == true)

        let verbose = try Self.compiled("check", "--sources", garden, "--compiled", "--verbose")
        #expect(verbose.status == 0, "\(verbose.standardError)")
        #expect(
            verbose.standardError.contains(
                "GardenApp/Sources/Garden/Data/GardenSchemaV1.swift:1): Linux has no CloudKit"))
        #expect(
            verbose.standardError.contains(
                "helper added from outside the source folder: \(SourcesCommandTests.tree("GardenApp"))/Sources/Garden/Shared/PlantKind.swift"
            ))
        #expect(verbose.standardError.contains("shim compiled in: os.Logger, OSLog and os_log"))
    }

    /// An app whose Xcode project Tuist generates: its `Project.swift` says the target (the draft in `Legacy/` is left
    /// out) and the enclosing app whose `Shared/` folder holds the stage's helpers. The members no stage needs that use
    /// SwiftUI (a model's computed colour, a method making a theme that stores colours, an enum's colour scheme, a
    /// constants enum's haptic and file type) are left out, the live model's extension is not taken without its declaration, and the stage's rows are set.
    @Test func aTuistAppsStageRunsWithoutTheMembersOnlyItsScreensNeed() throws {
        let models = SourcesCommandTests.tree("TrainingLogApp") + "/TrainingLog/Sources/Models"
        let temporary = try TemporaryStore()
        let (report, stage, store) = try Self.dryRunFromTheFirstVersion(
            models, rows: 5, in: temporary, store: "Training.store")
        #expect(
            stage["output"] as? [String] == [
                "Exercise name 1: Light", "Exercise name 2: Moderate", "Exercise name 3: Light",
                "Exercise name 4: Heavy", "Exercise name 5: Moderate",
            ])
        let rows = try #require((stage["rows"] as? [[String: Any]])?.first)
        #expect(rows["entity"] as? String == "Exercise" && rows["changed"] as? Int == 5)
        let after = (rows["samples"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? [String: Any] }
        let values = after.map { "\($0["loadKilograms"] ?? "") \($0["intensity"] ?? "") \($0["tint"] ?? "")" }
        #expect(
            values.sorted() == [
                "0.7 light #2F80ED", "1.6 light #2F80ED", "2.5 moderate #2F80ED", "2.5 moderate #2F80ED",
                "4.5 heavy #2F80ED",
            ], "\(after)")
        let compiled = try #require(report["compiled"] as? [String: Any])
        #expect(
            (compiled["membersDropped"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == [
                "Intensity.preferredColorScheme", "TrainingSchemaV2.Exercise.color",
                "TrainingSchemaV2.Exercise.theme(…)", "TrainingSchemaV2.Exercise.chartStyle(…)",
                "TrainingConstants.saveFeedback",
                "TrainingConstants.exportType",
            ])
        #expect(
            (compiled["helpersAdded"] as? [String])?.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "TrainingConstants.swift", "WeightUnit.swift",
            ])

        // The whole repository as the source folder: the views' live model comes with its own declaration now, and
        // the stage still runs.
        let whole = try Self.compiled(
            "migrate", store, "--sources", SourcesCommandTests.tree("TrainingLogApp"), "--dry-run", "--json")
        #expect(whole.status == 0, "\(whole.standardError)")
        let wholeReport = try whole.json()
        #expect(wholeReport["reached"] as? String == "2.0.0" && wholeReport["notRun"] == nil, "\(whole.standardError)")
        #expect(
            (wholeReport["stages"] as? [[String: Any]])?.first?["output"] as? [String] == stage["output"] as? [String])
    }

    /// A models package whose stage imports another package of the repository (a path dependency, as the app's build
    /// resolves it): the local package is built with the app, and its measures set the rows.
    @Test func aStageImportingALocalPackageOfTheRepositoryRuns() throws {
        let models = SourcesCommandTests.tree("MealPlanRepo") + "/Packages/MealData/Sources/MealData"
        let temporary = try TemporaryStore()
        let store = temporary.path("Meals.store")
        #expect(try CommandRun.strata("new", store, "--sources", models, "--at", "1.0.0", "--sample", "5").status == 0)

        let dry = try Self.compiled(
            "migrate", store, "--sources", models, "--dry-run", "--rows", "--limit", "5", "--json")
        #expect(dry.status == 0, "\(dry.standardError)")
        let report = try dry.json()
        #expect(report["reached"] as? String == "2.0.0", "\(dry.standardError)")
        #expect(report["notRun"] == nil, "\(dry.standardError)")
        let stage = try #require((report["stages"] as? [[String: Any]])?.first)
        let rows = try #require((stage["rows"] as? [[String: Any]])?.first)
        let after = (rows["samples"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? [String: Any] }
        // Sample weights 1.5 to 5.5 ounces, in grams by Kitchen's Portion.
        #expect(
            after.map { "\($0["grams"] ?? "") \($0["size"] ?? "")" }.sorted() == [
                "128 meal", "156 meal", "43 snack", "71 meal", "99 meal",
            ], "\(after)")
    }

    /// A helper the stage calls uses PencilKit, which Linux lacks: the build fails at the helper's line, naming the
    /// declaration, the symbol and the module, and the command goes on at the static level.
    @Test func anAppleModuleAStageHelperUsesStopsTheBuildNamingIt() throws {
        let sketch = SourcesCommandTests.tree("SketchApp")
        let run = try Self.compiled("check", "--sources", sketch, "--compiled")
        #expect(run.status == 0)
        #expect(run.standardError.contains("the app's code did not compile"), "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "SketchApp/Migration/SketchMigrationPlan.swift:24:34: error: StrokeCounter.strokes: cannot find 'PKDrawing' in scope (the file imports PencilKit, which Linux lacks)"
            ), "\(run.standardError)")
        #expect(run.standardOutput.contains("Plan SketchMigrationPlan: 2 versions, 1 stage"))
    }
}
