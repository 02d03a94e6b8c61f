import Foundation
import Testing

@testable import StrataCLI

/// The real `strata` on app folders holding files the app does not compile: an Xcode project with a stale file outside
/// its target, an Xcode 16 project with synchronized folders and membership exceptions, a `Package.swift` app with
/// excludes, a project whose app target overrides the project's `SWIFT_VERSION`, and a folder with no project that
/// declares one schema type twice. Each asserts which files and which schema were read, and the exact findings.
@Suite struct CompiledFilesCommandTests {
    static func tree(_ name: String) -> String { SourcesCommandTests.tree(name) }

    /// The `sources` entry of `check --json`: the summary, the files read with their targets, the files skipped.
    static func sources(_ run: CommandRun) throws -> (
        summary: String?, read: [String: [String]], skipped: [String: String]
    ) {
        let entry = try run.json()["sources"] as? [String: Any] ?? [:]
        var read: [String: [String]] = [:]
        for file in entry["read"] as? [[String: Any]] ?? [] {
            read[file["file"] as? String ?? ""] = file["targets"] as? [String]
        }
        var skipped: [String: String] = [:]
        for file in entry["skipped"] as? [[String: Any]] ?? [] {
            skipped[file["file"] as? String ?? ""] = file["reason"] as? String
        }
        return (entry["summary"] as? String, read, skipped)
    }

    /// The lint's findings of `check --json` as "path relative to the tree:line:column: severity: message".
    static func findings(_ run: CommandRun, in tree: String) throws -> [String] {
        let prefix = URL(fileURLWithPath: tree).standardizedFileURL.path + "/"
        return (try run.json()["diagnostics"] as? [[String: Any]] ?? []).map {
            let file = ($0["file"] as? String ?? "").replacingOccurrences(of: prefix, with: "")
            return "\(file):\($0["line"] ?? ""):\($0["column"] ?? ""): \($0["severity"] ?? ""): \($0["message"] ?? "")"
        }
    }

    /// The change lines `diff` prints between two versions (those starting with +, - or ~).
    static func changes(_ arguments: [String]) throws -> [String] {
        let run = try CommandRun.strata(["diff"] + arguments)
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("+ ") || $0.hasPrefix("- ") || $0.hasPrefix("~ ") }
    }

    @Test func anXcodeProjectsStaleFileOutsideItsTargetIsNotRead() throws {
        let tree = Self.tree("StaleXcodeApp")
        let check = try CommandRun.strata("check", "--sources", tree, "--json")
        #expect(check.status == 0)
        let (summary, read, skipped) = try Self.sources(check)
        #expect(
            summary
                == "read 6 files of targets Pantry, PantryTests in Pantry.xcodeproj; skipped 1 file not in any target: Pantry/Old/PantrySchemaV1.swift"
        )
        #expect(
            read == [
                "Pantry/Model/PantryMigrationPlan.swift": ["Pantry"], "Pantry/Model/PantrySchemaV1.swift": ["Pantry"],
                "Pantry/Model/PantrySchemaV2.swift": ["Pantry"], "Pantry/PantryApp.swift": ["Pantry"],
                "Pantry/Views/ShelfView.swift": ["Pantry"], "PantryTests/PantryTests.swift": ["PantryTests"],
            ])
        #expect(skipped == ["Pantry/Old/PantrySchemaV1.swift": "not in any target"])
        // The stale copy's `static var` and its `title`/`count` model are not read: no finding, one added attribute.
        #expect(try Self.findings(check, in: tree) == [])
        #expect(
            try Self.changes(["--sources", tree, "1.0.0", "2.0.0"]) == [
                "+ Item.bestBefore added (Date, optional)  [lightweight]"
            ])

        // From the app's folder, the project one level up still decides; the text output says so too.
        let text = try CommandRun.strata("check", "--sources", tree + "/Pantry")
        #expect(text.status == 0)
        #expect(
            text.standardOutput.contains(
                "Sources: read 5 files of target Pantry in Pantry.xcodeproj; skipped 1 file not in any target: Old/PantrySchemaV1.swift"
            ))
        #expect(text.standardOutput.contains("OK: the plan is valid (0 errors, 0 warnings)."))
    }

    @Test func anXcode16SynchronizedFolderHonoursItsMembershipExceptions() throws {
        let tree = Self.tree("SyncFolderApp")
        let check = try CommandRun.strata("check", "--sources", tree, "--json")
        // One plan: the draft plan the Trails target leaves out is not read (else: "declares several plans").
        #expect(check.status == 1, "\(check.standardError)")
        let (summary, read, skipped) = try Self.sources(check)
        #expect(
            summary
                == "read 5 files of targets Trails, TrailsWidgetExtension in Trails.xcodeproj; skipped 1 file excluded from target Trails by a membership exception: Trails/Drafts/RegionsPlan.swift; skipped 1 file excluded from target TrailsWidgetExtension by a membership exception: TrailsWidget/Previews/PreviewTrails.swift"
        )
        // The widget's exception set on the app's folder adds the model files to the widget.
        #expect(
            read == [
                "Trails/Model/Trail.swift": ["Trails", "TrailsWidgetExtension"],
                "Trails/Model/TrailsSchemaV1.swift": ["Trails", "TrailsWidgetExtension"],
                "Trails/Model/TrailsSchemaV2.swift": ["Trails", "TrailsWidgetExtension"],
                "Trails/TrailsApp.swift": ["Trails"], "TrailsWidget/TrailsWidget.swift": ["TrailsWidgetExtension"],
            ])
        #expect(skipped.count == 2)
        // The app target builds in Swift 5, but the widget compiles the same file in Swift 6: an error there.
        #expect(
            try Self.findings(check, in: tree) == [
                "Trails/Model/TrailsSchemaV1.swift:5:5: error: static var versionIdentifier is mutable global state, which the Swift 6 language mode rejects (not concurrency-safe); write static let versionIdentifier (the Swift 6 language mode: target TrailsWidgetExtension in Trails.xcodeproj: SWIFT_VERSION = 6.0 on the target)"
            ])
    }

    @Test func aMembershipExceptionNamingAFolderAddsEveryFileUnderIt() throws {
        let folder = try TemporaryStore()
        let copy = folder.path("SyncFolderApp")
        try FileManager.default.copyItem(atPath: Self.tree("SyncFolderApp"), toPath: copy)
        let project = copy + "/Trails.xcodeproj/project.pbxproj"
        let listed = "Model/Trail.swift,\n\t\t\t\tModel/TrailsSchemaV1.swift,\n\t\t\t\tModel/TrailsSchemaV2.swift,"
        let text = try String(contentsOfFile: project, encoding: .utf8)
        #expect(text.contains(listed))
        try text.replacingOccurrences(of: listed, with: "Model,").write(
            toFile: project, atomically: true, encoding: .utf8)
        let (_, read, _) = try Self.sources(try CommandRun.strata("check", "--sources", copy, "--json"))
        #expect(read["Trails/Model/TrailsSchemaV2.swift"] == ["Trails", "TrailsWidgetExtension"])
        #expect(read["Trails/TrailsApp.swift"] == ["Trails"])
    }

    @Test func aPackageAppReadsItsTargetsLessTheirExcludesAndResources() throws {
        let tree = Self.tree("PackageApp")
        let check = try CommandRun.strata("check", "--sources", tree, "--json")
        #expect(check.status == 0)
        let (summary, read, _) = try Self.sources(check)
        #expect(
            summary
                == "read 4 files of targets Ledger, LedgerTests in Package.swift; skipped 1 file that is the package manifest: Package.swift; skipped 1 file not in any target: Scripts/seed.swift; skipped 1 file left out of target Ledger (exclude): Sources/Ledger/Legacy/LedgerSchemaV1.swift; skipped 1 file left out of target Ledger (resources): Sources/Ledger/Resources/Template.swift"
        )
        #expect(read["Tests/LedgerTests/LedgerTests.swift"] == ["LedgerTests"])
        #expect(
            try Self.findings(check, in: tree) == [
                "Sources/Ledger/Schema/LedgerSchemaV1.swift:5:5: warning: static var versionIdentifier is mutable global state, which the Swift 6 language mode rejects (not concurrency-safe); write static let versionIdentifier (the Swift 5 language mode: target Ledger in Package.swift: .swiftLanguageMode(.v5))"
            ])
        // The excluded Legacy copy (amount: Double) is not the 1.0.0 read.
        let target = tree + "/Sources/Ledger"
        #expect(
            try Self.changes(["--sources", target, "1.0.0", "2.0.0"]) == [
                "+ Entry.category added (String, optional)  [lightweight]"
            ])
        let inTarget = try CommandRun.strata("check", "--sources", target)
        #expect(
            inTarget.standardOutput.contains(
                "Sources: read 3 files of target Ledger in Package.swift; skipped 1 file left out of target Ledger (exclude): Legacy/LedgerSchemaV1.swift; skipped 1 file left out of target Ledger (resources): Resources/Template.swift"
            ))
    }

    @Test func aPackageTargetWithoutALanguageModeBuildsInTheModeOfItsToolsVersion() throws {
        let folder = try TemporaryStore()
        let copy = folder.path("PackageApp")
        try FileManager.default.copyItem(atPath: Self.tree("PackageApp"), toPath: copy)
        let manifest = copy + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: ".swiftLanguageMode(.v5),", with: "").write(
            toFile: manifest, atomically: true, encoding: .utf8)
        let check = try CommandRun.strata("check", "--sources", copy, "--json")
        #expect(check.status == 1)
        #expect(
            try Self.findings(check, in: copy).map { $0.components(separatedBy: " (the Swift").last } == [
                " 6 language mode: target Ledger in Package.swift: swift-tools-version 6.0, no language mode set)"
            ])
    }

    @Test func theAppTargetsSwiftVersionOverridesTheProjectsPerConfiguration() throws {
        let tree = Self.tree("ModeSplitApp")
        let check = try CommandRun.strata("check", "--sources", tree, "--json")
        #expect(check.status == 0, "the app target builds in Swift 5 though the project says 6.0")
        let warning =
            "warning: static var versionIdentifier is mutable global state, which the Swift 6 language mode rejects (not concurrency-safe); write static let versionIdentifier (the Swift 5 language mode: target Tally in Tally.xcodeproj: SWIFT_VERSION = 5.0 on the target, over 6.0 on the project)"
        #expect(
            try Self.findings(check, in: tree) == [
                "Tally/Schema/TallySchemaV1.swift:5:5: \(warning)", "Tally/Schema/TallySchemaV2.swift:5:5: \(warning)",
            ])
        #expect(try Self.sources(check).summary == "read 4 files of targets Tally, TallyTests in Tally.xcodeproj")
        // Two folders below the project, it still decides.
        let schema = try CommandRun.strata("check", "--sources", tree + "/Tally/Schema", "--json")
        #expect(try Self.sources(schema).summary == "read 2 files of target Tally in Tally.xcodeproj")

        // Without the target's override in Release, that configuration builds in the project's Swift 6.
        let folder = try TemporaryStore()
        let copy = folder.path("ModeSplitApp")
        try FileManager.default.copyItem(atPath: tree, toPath: copy)
        let project = copy + "/Tally.xcodeproj/project.pbxproj"
        var text = try String(contentsOfFile: project, encoding: .utf8)
        let release = try #require(text.range(of: "E1A900532C8F11D200B0C0D1 /* Release */ = {"))
        let override = try #require(text.range(of: "SWIFT_VERSION = 5.0;", range: release.upperBound..<text.endIndex))
        text.replaceSubrange(override, with: "")
        try text.write(toFile: project, atomically: true, encoding: .utf8)
        let split = try CommandRun.strata("check", "--sources", copy, "--json")
        #expect(split.status == 1)
        #expect(
            try Self.findings(split, in: copy).map { $0.components(separatedBy: "versionIdentifier (").last } == [
                "the Swift 6 language mode: target Tally in Tally.xcodeproj: SWIFT_VERSION = 6.0 on the project, not set on the target (Release configuration))",
                "the Swift 6 language mode: target Tally in Tally.xcodeproj: SWIFT_VERSION = 6.0 on the project, not set on the target (Release configuration))",
            ])
    }

    @Test func aTypeDeclaredTwiceWithNoProjectIsAnErrorNamingBothPlaces() throws {
        let tree = Self.tree("TwoCopiesApp")
        let check = try CommandRun.strata("check", "--sources", tree, "--json")
        #expect(check.status == 1)
        let absolute = URL(fileURLWithPath: tree).standardizedFileURL.path
        // The copy is first in path order, so its 1.0.0 (lastWatered) is read, and the stage looks wrong too.
        #expect(
            try Self.findings(check, in: tree) == [
                "Garden/GardenPlan.swift:12:5: error: stage 1 (lightweight 1.0.0 -> 2.0.0) is lightweight but contains a change it cannot do: Plant.wateredAt added (Date, required, no default) (custom: existing rows have no value for the new required attribute Plant.wateredAt; make it optional, give it a default value, or fill it in didMigrate of a custom stage)",
                "Garden/Schema/GardenSchemaV1.swift:4:1: error: GardenSchemaV1 is declared twice, here and at \(absolute)/Garden/Backup/GardenSchemaV1 copy.swift:5:1 (which Strata read); no Xcode project or Package.swift in the folder or the three above it says which one the app compiles, and the compiler rejects two declarations of one type. Delete the stale one, or leave it out with --exclude 'Garden/Schema/GardenSchemaV1.swift' or --exclude 'Garden/Backup/GardenSchemaV1 copy.swift'",
            ])
        // The plan and schema in block comments are not read: two versions, one stage.
        let report = try check.json()
        #expect(
            (report["versions"] as? [[String: Any]])?.compactMap { $0["version"] as? String } == ["1.0.0", "2.0.0"])
        #expect((report["stages"] as? [Any])?.count == 1)
        // The other commands warn on standard error and go on.
        let diff = try CommandRun.strata("diff", "--sources", tree, "1.0.0", "2.0.0")
        #expect(diff.status == 0)
        #expect(
            diff.standardError.contains(
                "warning: \(absolute)/Garden/Schema/GardenSchemaV1.swift:4:1: GardenSchemaV1 is declared twice"))

        // --exclude leaves the copy out: the plan is clean and 1.0.0 is the real one.
        for glob in ["Garden/Backup/**", "Backup", "* copy.swift"] {
            let excluded = try CommandRun.strata("check", "--sources", tree, "--exclude", glob, "--json")
            #expect(excluded.status == 0, "--exclude \(glob)")
            #expect(try Self.findings(excluded, in: tree) == [])
            #expect(
                try Self.sources(excluded).summary
                    == "read 3 files (no Xcode project or Package.swift in the folder or the three above it); skipped 1 file matching --exclude \(glob): Garden/Backup/GardenSchemaV1 copy.swift"
            )
        }
        #expect(
            try Self.changes(["--sources", tree, "--exclude", "Backup", "1.0.0", "2.0.0"]) == [
                "+ Plant.sunlight added (String, optional)  [lightweight]"
            ])
    }

    @Test func everyCommandTakingSourcesTakesExclude() throws {
        let tree = Self.tree("TwoCopiesApp")
        let temporary = try TemporaryStore()
        let store = temporary.path("Garden.store")
        let made = try CommandRun.strata(
            "new", store, "--sources", tree, "--exclude", "Backup", "--at", "1.0.0", "--sample", "3")
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardError.isEmpty)
        let rows = try CommandRun.strata("rows", store, "Plant", "--json").json()["rows"] as? [[String: Any]] ?? []
        #expect(rows.count == 3)
        #expect(rows.allSatisfy { $0["wateredAt"] != nil && $0["lastWatered"] == nil })
        for arguments in [
            ["plan", store], ["migrate", store, "--dry-run"], ["freeze", "--out", temporary.path("freeze.json")],
        ] {
            let run = try CommandRun.strata(arguments + ["--sources", tree, "--exclude", "Backup"])
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
        }
        let without = try CommandRun.strata("check", "--plan", "bookshelf", "--exclude", "Backup")
        #expect(without.status == 64 || without.status == 2)
        #expect(without.standardError.contains("--exclude leaves files of --sources out: give --sources DIR"))
    }

    @Test func theCompiledLevelGetsTheCommandWithoutExcludeItsBuildAlreadyApplied() throws {
        let commandLine = [
            "check", "--sources", "App", "--exclude", "Old/**", "--exclude=Backup", "--json", "--platform=macos",
            "--verbose", "--compiled",
        ]
        let options = try PlanOptions.parse([
            "--sources", "App", "--exclude", "Old/**", "--exclude=Backup", "--platform=macos", "--verbose",
            "--compiled",
        ])
        #expect(
            options.handOff(commandLine, plan: "GardenPlan") == [
                "check", "--json", "--plan", "GardenPlan", "--verbose",
            ])
        #expect(
            options.given == [
                "--sources", "App", "--exclude", "Old/**", "--exclude", "Backup", "--platform", "macos", "--compiled",
                "--verbose",
            ])
    }

    /// Every option of the plan group is one `PlanOptions` writes back and clears from a handed-off command line.
    @Test func everyPlanOptionIsKnownToTheHandOff() throws {
        let help = PlanOptions.helpMessage(columns: 400)
        let names = Set(help.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
        #expect(!names.isEmpty)
        #expect(names.subtracting(["--help"]) == Set(PlanOptions.valueNames + PlanOptions.flagNames))
    }
}
