import Foundation
import Strata
import StrataSources
import Testing

/// The compiled level's cheap parts on the fixture trees: which files the generated target holds, how their imports
/// are rewritten, the content hash that decides whether to rebuild, the manifest, and how compiler errors are named.
/// (Building and running the target is the env-gated CompiledSourcesTests, run by Tests/compiled-sources.sh.)
@Suite struct CompiledAppTests {
    @Test func copiesOnlyTheFilesThePlanNeedsAndAnEntryPoint() throws {
        let app = CompiledApp(sources: try AppSources(folder: FixtureTree.folder("RecipesApp")))
        #expect(
            app.files.map(\.name) == [
                "Migration_RecipesMigrationPlan.swift", "Models_CurrentModels.swift", "Models_Difficulty.swift",
                "Models_RecipesSchemaV1.swift", "Models_RecipesSchemaV2.swift", "Models_RecipesSchemaV3.swift",
                "StrataCompiledEntry.swift",
            ]) // not the views, the App struct, nor the SwiftUI-only extension Recipe+UI.swift
        #expect(app.original(of: "Models_Difficulty.swift")?.hasSuffix("RecipesApp/Models/Difficulty.swift") == true)
        let entry = try #require(app.files.last)
        #expect(entry.original == nil)
        #expect(entry.text.contains(#""RecipesMigrationPlan": RecipesMigrationPlan.self,"#))
        #expect(entry.text.contains("StrataCommandLine.main(\n"))
        #expect(entry.text.contains("plans: [\n"))
        #expect(entry.text.contains("compiledAdaptations: \""))
        #expect(app.target.hasPrefix("App_") && app.target.count == 20)
    }

    @Test func rewritesImportsKeepingEveryLineWhereItWas() throws {
        let folder = FixtureTree.folder("NotesApp")
        let app = CompiledApp(sources: try AppSources(folder: folder))
        #expect(!app.files.map(\.name).contains("Views_ContentView.swift"))
        #expect(!app.files.map(\.name).contains("Models_Note+UI.swift"))
        let copy = try #require(app.files.first { $0.name == "Models_NotesSchemaV2.swift" })
        let original = try String(
            contentsOf: folder.appendingPathComponent("Models/NotesSchemaV2.swift"), encoding: .utf8)
        let lines = copy.text.components(separatedBy: "\n")
        #expect(lines.count == original.components(separatedBy: "\n").count)
        #expect(Array(lines.prefix(3)) == ["import Foundation", "import Strata", "import Strata; import Observation"])
        #expect(!copy.text.contains("SwiftData") && !copy.text.contains("SwiftUI"))
        // The enum's member using SwiftUI's Color stays, as the stage reaches it (pinning the notes `isFlagged` says):
        // the compiler decides, and the build names it.
        #expect(lines[38] == "    var color: Color { self == .high ? .red : .primary }")
    }

    @Test func blanksTheViewsOfAModelFileAndQualifiedSwiftDataNames() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Model.swift",
            """
            import SwiftData
            import SwiftUI

            struct ItemView: View {
                let item: Item
                var body: some View { Text(item.name) }
            }

            enum V1: SwiftData.VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item {
                    var name: String
                    init(name: String) { self.name = name }
                }
            }

            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [V1.self] }
                static var stages: [MigrationStage] { [] }
            }

            """)
        let app = CompiledApp(sources: try AppSources(folder: folder.url))
        let copy = try #require(app.files.first)
        let lines = copy.text.components(separatedBy: "\n")
        #expect(lines[0] == "import Strata" && lines[1] == "import Strata; import Observation")
        #expect(lines[3...6].allSatisfy { $0.allSatisfy(\.isWhitespace) }) // the view, blanked line by line
        #expect(lines[8] == "enum V1: Strata.VersionedSchema {")
        #expect(copy.text.contains("enum Plan: SchemaMigrationPlan {"))
    }

    @Test func theContentHashFollowsTheNeededFilesOnly() throws {
        let folder = try TemporaryFolder()
        try folder.copy(FixtureTree.folder("RecipesApp"))
        let first = CompiledApp(sources: try AppSources(folder: folder.url))
        let again = CompiledApp(sources: try AppSources(folder: folder.url))
        #expect(first.contentHash(salt: "s") == again.contentHash(salt: "s"))
        #expect(first.contentHash(salt: "s") != first.contentHash(salt: "another strata"))
        // A view is not built: editing it keeps the build.
        try folder.append("Views/RecipeList.swift", "\nstruct Empty: View { var body: some View { EmptyView() } }\n")
        #expect(
            CompiledApp(sources: try AppSources(folder: folder.url)).contentHash(salt: "s")
                == first.contentHash(salt: "s"))
        // A model is: editing it rebuilds.
        try folder.append("Models/Difficulty.swift", "\nextension Difficulty: Comparable {}\n")
        let edited = CompiledApp(sources: try AppSources(folder: folder.url))
        #expect(edited.contentHash(salt: "s") != first.contentHash(salt: "s"))
        #expect(edited.target == first.target) // the same folder keeps its target
    }

    @Test func namesTheDeclarationsACompilerErrorIsIn() throws {
        let sources = try AppSources(folder: FixtureTree.folder("NotesApp"))
        let app = CompiledApp(sources: sources)
        let copies = URL(fileURLWithPath: "/cache/strata/apps/Sources").appendingPathComponent(app.target)
        let log = """
            Building for debugging...
            [12/20] Compiling App NotesSchemaV2.swift
            \(copies.path)/Models_NotesSchemaV2.swift:39:16: error: cannot find type 'Color' in scope
            39 |     case low, normal, high
            \(copies.path)/Models_NotesSchemaV2.swift:39:16: error: cannot find type 'Color' in scope
            /somewhere/else.swift:1:1: error: not the app's
            error: fatalError
            """
        let problems = BuildProblem.parse(log, app: app, folder: copies)
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.declaration == "Priority.color")
        #expect(problem.location.file.hasSuffix("NotesApp/Models/NotesSchemaV2.swift"))
        #expect(problem.location.line == 39 && problem.location.column == 16)
        #expect(
            problem.description.hasSuffix(
                "NotesSchemaV2.swift:39:16: error: Priority.color: cannot find type 'Color' in scope (the file imports SwiftUI, which Linux lacks) (the migration reaches it: NotesMigrationPlan → Priority.isFlagged → Priority.color)"
            ))
    }

    @Test func writesOneManifestWithATargetPerAppAgainstOneStrata() throws {
        let cache = try TemporaryFolder()
        let strata = URL(fileURLWithPath: "/opt/strata")
        let package = CompiledPackage(cache: cache.url, strata: strata)
        #expect(!package.strataIsPresent)
        let recipes = CompiledApp(sources: try AppSources(folder: FixtureTree.folder("RecipesApp")))
        let notes = CompiledApp(sources: try AppSources(folder: FixtureTree.folder("NotesApp")))
        let build = CompiledBuild(package: package) { _ in }
        #expect(
            build.build(recipes, salt: "")
                == .unavailable(
                    "there is no Strata package at /opt/strata to build the app's code against (set STRATA_PACKAGE_PATH to a checkout of Strata)"
                ))
        #expect(
            CompiledPackage.defaultCache(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).path == "/x/strata")
        #expect(CompiledPackage.defaultCache(environment: ["HOME": "/h"]).path == "/h/.cache/strata")
        #expect(CompiledPackage.defaultStrataPackage(environment: ["STRATA_PACKAGE_PATH": "/s"]).path == "/s")
        #expect(
            FileManager.default.fileExists(
                atPath: CompiledPackage.defaultStrataPackage(environment: [:]).appendingPathComponent("Package.swift")
                    .path))

        let strataHere = CompiledPackage(
            cache: cache.url, strata: CompiledPackage.defaultStrataPackage(environment: [:]))
        try strataHere.write(recipes)
        try strataHere.write(notes)
        let manifest = try String(contentsOf: strataHere.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(name: "Strata", path: "\#(strataHere.strata.path)")"#))
        for target in [recipes.target, notes.target] { #expect(manifest.contains("\"\(target)\",")) }
        let written = try FileManager.default.contentsOfDirectory(atPath: strataHere.folder(of: recipes).path).sorted()
        #expect(written == recipes.files.map(\.name).sorted())
    }

    @Test func theManifestChangesWhenStrataGainsOrLosesAFile() throws {
        // SwiftPM does not plan again when a path dependency loses a file; a changed root manifest makes it.
        let strata = try TemporaryFolder()
        let sources = strata.url.appendingPathComponent("Sources/Strata")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try strata.write("Package.swift", "// swift-tools-version:6.1\n")
        try Data("struct A {}\n".utf8).write(to: sources.appendingPathComponent("A.swift"))
        let cache = try TemporaryFolder()
        let package = CompiledPackage(cache: cache.url, strata: strata.url)
        let app = CompiledApp(sources: try AppSources(folder: FixtureTree.folder("RecipesApp")))
        let manifest = {
            try package.write(app)
            return try String(contentsOf: package.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        }
        let first = try manifest()
        #expect(try manifest() == first)
        try Data("struct B {}\n".utf8).write(to: sources.appendingPathComponent("B.swift"))
        let gained = try manifest()
        #expect(gained != first)
        try Data("struct B { let changed = 1 }\n".utf8).write(to: sources.appendingPathComponent("B.swift"))
        #expect(try manifest() == gained) // an edit is SwiftPM's to see, not a new plan
        try FileManager.default.removeItem(at: sources.appendingPathComponent("B.swift"))
        #expect(try manifest() == first)
    }
}
