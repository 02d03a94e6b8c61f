import Foundation
import Testing

/// The real `strata next-version` (issue 45) on copies of the fixture apps in
/// Tests/StrataSourcesTests/Fixtures/NextVersion: shown without writing, refused where a decision is missing,
/// written with --write, and found to have nothing left to do afterwards, `freeze` and `check --frozen` agreeing.
@Suite struct NextVersionCommandTests {
    /// A copy of the fixture app `name` in a temporary folder, and the folder's path.
    static func app(_ name: String, in temporary: TemporaryStore) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StrataSourcesTests/Fixtures/NextVersion/\(name)")
        let copy = temporary.directory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: copy)
        return copy.path
    }

    /// Every file under `folder` with its text.
    static func contents(_ folder: String) throws -> [String: String] {
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        var texts: [String: String] = [:]
        for path in paths where path.hasSuffix(".swift") {
            texts[path] = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
        }
        return texts
    }

    /// Replaces `old` with `new` in `file`, which must hold it.
    static func edit(_ file: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(old))
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: file))
    }

    /// A classic Xcode project's target gets the new file: shown in the diff without --write, written with it.
    @Test func anXcodeProjectsTargetsGetTheNewFileShownThenWritten() throws {
        let temporary = try TemporaryStore()
        let app = try Self.app("HerbariumXcode", in: temporary)
        let project = app + "/Herbarium.xcodeproj/project.pbxproj"
        let original = try String(contentsOfFile: project, encoding: .utf8)
        let dry = try CommandRun.strata("next-version", "--sources", app)
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(dry.standardOutput.contains("--- a/Herbarium.xcodeproj/project.pbxproj"))
        // The project's tabs show as indentation.
        let added = dry.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("+        ") && $0.contains("HerbariumSchemaV3.swift")
        }
        #expect(added.count == 6, "\(dry.standardOutput)")
        #expect(!dry.standardOutput.contains("\\t"))
        #expect(
            dry.standardOutput.contains(
                "to group Model and to the Sources of targets Herbarium, HerbariumWidgetExtension"))
        #expect(try String(contentsOfFile: project, encoding: .utf8) == original)

        let written = try CommandRun.strata("next-version", "--sources", app, "--write")
        #expect(written.status == 0, "\(written.standardError)")
        let after = try String(contentsOfFile: project, encoding: .utf8)
        #expect(
            added.allSatisfy { after.contains(String($0.dropFirst()).replacingOccurrences(of: "    ", with: "\t")) })
        let check = try CommandRun.strata("check", "--sources", app)
        // The project now compiles the new file in both targets: seven files read, none skipped.
        #expect(
            check.standardOutput.contains(
                "Sources: read 7 files of targets Herbarium, HerbariumWidgetExtension in Herbarium.xcodeproj\n"),
            "\(check.standardOutput)")
    }

    @Test func showsTheFilesItWouldWriteAndWritesNothing() throws {
        let temporary = try TemporaryStore()
        let app = try Self.app("RecipesLive", in: temporary)
        let before = try Self.contents(app)
        let run = try CommandRun.strata("next-version", "--sources", app)
        #expect(run.status == 0, "\(run.standardError)")
        let out = run.standardOutput
        #expect(
            out.contains(
                "Plan RecipesMigrationPlan (live classes): shipped RecipesSchemaV2 2.0.0, new RecipesSchemaV3 3.0.0"))
        #expect(out.contains("new file Model/RecipesSchemaV3.swift"))
        #expect(out.contains("+enum RecipesSchemaV3: VersionedSchema {"))
        #expect(out.contains("--- a/Model/RecipesMigrationPlan.swift"))
        #expect(out.contains("+            RecipesSchemaV3.self,"))
        #expect(out.contains("--- a/Model/RecipesSchemaV2.swift"))
        #expect(out.contains("+    final class Ingredient {"))
        #expect(out.contains("Read back: as intended: RecipesSchemaV1, RecipesSchemaV2, RecipesSchemaV3"))
        #expect(out.contains("Nothing was written"))
        #expect(try Self.contents(app) == before)

        let json = try CommandRun.strata("next-version", "--sources", app, "--json")
        #expect(json.status == 0)
        let document = try json.json()
        #expect(document["format"] as? String == "strata.next-version/1")
        #expect(document["start"] as? String == "live classes")
        #expect((document["new"] as? [String: Any])?["name"] as? String == "RecipesSchemaV3")
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(
            files.compactMap { $0["path"] as? String }.sorted() == [
                "Model/RecipesMigrationPlan.swift", "Model/RecipesSchemaV2.swift", "Model/RecipesSchemaV3.swift",
            ])
        #expect((document["readBack"] as? [String: Any])?["mismatches"] as? [String] == [])
        #expect(document["written"] as? Bool == false)
        #expect(try Self.contents(app) == before)
    }

    @Test func writesTheNewVersionThenTheStageAndFindsNothingLeftToDo() throws {
        let temporary = try TemporaryStore()
        let app = try Self.app("ShelfAliased", in: temporary)
        let record = temporary.path("strata-freeze.json")
        let opened = try CommandRun.strata("next-version", "--sources", app, "--frozen", record, "--write")
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(opened.standardOutput.contains("Wrote 4 files."))
        // The shipped version gets its own copy of the shared enum its models store; the new one uses the shared one.
        let frozenText = try String(contentsOfFile: app + "/Schemas/ShelfSchemaV2.swift", encoding: .utf8)
        #expect(frozenText.components(separatedBy: "enum ReadingStatus: Int, Codable {").count == 3)
        #expect(opened.standardOutput.contains("Recorded 1.0.0, 2.0.0 as shipped"))
        let copy = try String(contentsOfFile: app + "/Schemas/ShelfSchemaV3.swift", encoding: .utf8)
        #expect(copy.contains("static let versionIdentifier = Schema.Version(3, 0, 0)"))

        try Self.edit(
            app + "/Schemas/ShelfSchemaV3.swift", "var pages: Int = 0\n",
            "var pages: Int = 0\n        var isbn: String?\n")
        let shipped = temporary.path("Shelf.store")
        #expect(try CommandRun.strata("new", shipped, "--sources", app, "--at", "2.0.0", "--sample", "5").status == 0)
        let staged = try CommandRun.strata("next-version", "--sources", app, "--frozen", record, "--store", shipped)
        #expect(staged.status == 0, "\(staged.standardError)")
        #expect(staged.standardOutput.contains("+ Book.isbn added (String, optional)  [lightweight]"))
        #expect(staged.standardOutput.contains("Stage: lightweight 2.0.0 -> 3.0.0"))
        #expect(staged.standardOutput.contains("Dry run on a sample store at 2.0.0 (to 3.0.0):"))
        #expect(staged.standardOutput.contains("row writes, succeeded"))
        #expect(
            staged.standardOutput.contains("Dry run on the store given (--store):\n  2.0.0 -> 3.0.0 [lightweight]: "))
        #expect(try CommandRun.strata("next-version", "--sources", app, "--frozen", record, "--write").status == 0)

        let again = try CommandRun.strata("next-version", "--sources", app, "--frozen", record)
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("Nothing to do"))
        #expect(try CommandRun.strata("freeze", "--sources", app, "--out", record).status == 0)
        let check = try CommandRun.strata("check", "--sources", app, "--frozen", record)
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test func refusesWhatItCannotDecideNamingTheFlag() throws {
        let temporary = try TemporaryStore()
        let app = try Self.app("TripsNoPlan", in: temporary)
        let record = temporary.path("strata-freeze.json")
        #expect(try CommandRun.strata("next-version", "--sources", app, "--frozen", record, "--write").status == 0)
        try Self.edit(app + "/Models/Trip.swift", "var startDate: Date\n", "var startDate: Date\n    var nights: Int\n")
        let before = try Self.contents(app)
        let refused = try CommandRun.strata("next-version", "--sources", app, "--write")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("--fill Trip.nights=EXPRESSION"))
        #expect(refused.standardError.contains("nothing was written"))
        #expect(try Self.contents(app) == before)

        let filled = try CommandRun.strata(
            "next-version", "--sources", app, "--frozen", record, "--fill", "Trip.nights=old.stops.count", "--write")
        #expect(filled.status == 0, "\(filled.standardError)")
        #expect(filled.standardOutput.contains("Stage: custom 1.0.0 -> 2.0.0"))
        #expect(filled.standardOutput.contains("Dry run: not run: a custom stage runs at the compiled level"))
        let plan = try String(contentsOfFile: app + "/Models/TripsMigrationPlan.swift", encoding: .utf8)
        #expect(plan.contains("MigrationStage.custom("))
        let again = try CommandRun.strata("next-version", "--sources", app, "--frozen", record)
        #expect(again.standardOutput.contains("Nothing to do"))
    }

    @Test func aFreezeRecordShowsLiveModelsEditedSinceTheyShipped() throws {
        let temporary = try TemporaryStore()
        let app = try Self.app("RecipesLive", in: temporary)
        let record = temporary.path("strata-freeze.json")
        #expect(try CommandRun.strata("freeze", "--sources", app, "--out", record).status == 0)
        try Self.edit(app + "/Model/Recipe.swift", "var grams: Int\n", "var grams: Int\n    var optional: Bool?\n")
        let refused = try CommandRun.strata("next-version", "--sources", app, "--frozen", record)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("were edited since it shipped (Ingredient.optional added"))
    }

    @Test func neverOverwritesAFileItDidNotCreate() throws {
        let temporary = try TemporaryStore()
        let app = try Self.app("RecipesLive", in: temporary)
        try Data("// notes for the next release\n".utf8).write(
            to: URL(fileURLWithPath: app + "/Model/RecipesSchemaV3.swift"))
        let before = try Self.contents(app)
        let refused = try CommandRun.strata("next-version", "--sources", app, "--write")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("RecipesSchemaV3.swift exists and next-version did not create it"))
        #expect(try Self.contents(app) == before)
    }
}
