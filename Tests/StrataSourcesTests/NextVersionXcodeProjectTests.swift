import Foundation
import Strata
import StrataSources
import Testing

/// The files `next-version` creates, added to a classic Xcode project (issue 45): a file reference in the group of
/// the models, a build file in the Sources of each target compiling them, with new identifiers, and nothing else of
/// `project.pbxproj` touched; a file-system-synchronized folder needs nothing.
@Suite struct NextVersionXcodeProjectTests {
    static let project = "Herbarium.xcodeproj/project.pbxproj"

    /// The lines a unified diff adds (`+`) and removes (`-`), headers aside.
    static func lines(_ diff: String) -> (added: [String], removed: [String]) {
        let lines = diff.split(separator: "\n").map(String.init)
        return (
            lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.map { String($0.dropFirst()) },
            lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.map { String($0.dropFirst()) }
        )
    }

    @Test func theNewVersionJoinsTheModelsGroupAndEveryTargetCompilingTheModels() throws {
        let folder = try NextVersionDraftTests.app("HerbariumXcode")
        let projectFile = folder.url.appendingPathComponent(Self.project)
        let original = try String(contentsOf: projectFile, encoding: .utf8)
        let (draft, sources) = try NextVersionDraftTests.draft(folder)
        #expect(draft.start == .typealiases)
        #expect(draft.new.name == "HerbariumSchemaV3")

        // Shown as a diff before anything is written: additions only.
        let change = try #require(draft.edits.changes.first { $0.path.hasSuffix(Self.project) })
        let (added, removed) = Self.lines(try change.unifiedDiff(relativeTo: folder.url))
        #expect(removed.isEmpty, "\(removed)")
        #expect(added.count == 6, "\(added)")
        #expect(added.filter { $0.contains("/* HerbariumSchemaV3.swift in Sources */") }.count == 4)
        #expect(
            added.contains {
                $0.contains(
                    "isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = HerbariumSchemaV3.swift; sourceTree = \"<group>\"; };"
                )
            })
        #expect(
            draft.notes.contains(
                "Herbarium.xcodeproj: added HerbariumSchemaV3.swift to group Model and to the Sources of targets Herbarium, HerbariumWidgetExtension"
            ), "\(draft.notes)")
        #expect(try String(contentsOf: projectFile, encoding: .utf8) == original)
        #expect(try NextVersionProof.check(draft, sources: sources).mismatches.isEmpty)

        _ = try draft.edits.write()
        let written = try String(contentsOf: projectFile, encoding: .utf8)
        // Only the lines shown were inserted: without them the file is the original, byte for byte.
        let inserted = Set(added)
        #expect(
            written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .filter { !inserted.contains($0) }.joined(separator: "\n") == original)
        // Three new objects (a file reference, a build file per target), each with 24 hex digits the project did not
        // use, placed in identifier order among their kind.
        let ids = added.compactMap { $0.firstMatch(of: #/^\t\t([0-9A-F]{24}) \/\*/#).map { String($0.1) } }
        #expect(ids.count == 3 && Set(ids).count == 3 && ids.allSatisfy { !original.contains($0) })
        let buildFiles = written.split(separator: "\n").filter { $0.contains("isa = PBXBuildFile;") }
            .compactMap { $0.firstMatch(of: #/^\t\t([0-9A-F]{24})/#).map { String($0.1) } }
        #expect(buildFiles == buildFiles.sorted())

        // The project reader reads it back: both targets compile the new file, and the sources read it.
        let reread = try AppSources(folder: folder.url)
        let newFile = try #require(reread.compiledFiles.read.first { $0.hasSuffix("Model/HerbariumSchemaV3.swift") })
        #expect(reread.compiledFiles.targets(of: newFile) == ["Herbarium", "HerbariumWidgetExtension"])
        #expect(try reread.plan(named: nil).versions.map(\.name).last == "HerbariumSchemaV3")
        #expect(try Self.lint(projectFile) == 0, "plutil -lint rejects the written project")

        // The run that writes the stage creates no file: the project is left as it is.
        try NextVersionDraftTests.edit(
            folder, "Herbarium/Model/HerbariumSchemaV3.swift", "var site: String?\n",
            "var site: String?\n        var notes: String?\n")
        let record = try NextVersionDraftTests.record(draft, folder)
        let (staged, _) = try NextVersionDraftTests.draft(folder, frozen: record)
        #expect(staged.stage?.kind == .lightweight)
        #expect(!staged.edits.changes.contains { $0.path.hasSuffix(Self.project) })
    }

    /// `plutil -lint` on `file`'s exit status.
    static func lint(_ file: URL) throws -> Int32 {
        let lint = Process()
        lint.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        lint.arguments = ["plutil", "-lint", file.path]
        lint.standardOutput = FileHandle.nullDevice
        try lint.run()
        lint.waitUntilExit()
        return lint.terminationStatus
    }

    /// In a synchronized folder whose model files a widget gets one by one (membership exceptions of its target), the
    /// new version joins those exceptions, so the widget compiles it too.
    @Test func aSynchronizedFoldersMembershipExceptionsListTheNewFileBesideTheModels() throws {
        let folder = try TemporaryFolder()
        try folder.copy(FixtureTree.folder("SyncFolderApp"))
        let projectFile = folder.url.appendingPathComponent("Trails.xcodeproj/project.pbxproj")
        let original = try String(contentsOf: projectFile, encoding: .utf8)
        // Swift 6's widget target rejects the first version's `static var` identifier: fixed first, as `check` asks.
        try NextVersionDraftTests.edit(
            folder, "Trails/Model/TrailsSchemaV1.swift", "static var versionIdentifier", "static let versionIdentifier")
        let (draft, sources) = try NextVersionDraftTests.draft(folder)
        #expect(draft.new.name == "TrailsSchemaV3")
        let change = try #require(draft.edits.changes.first { $0.path == projectFile.path })
        let (added, removed) = Self.lines(try change.unifiedDiff(relativeTo: folder.url))
        #expect(removed.isEmpty && added == ["\t\t\t\tModel/TrailsSchemaV3.swift,"], "\(added)")
        #expect(
            draft.notes.contains(
                "Trails.xcodeproj: Trails is a file-system-synchronized folder; added TrailsSchemaV3.swift to the membership exceptions listing Model/TrailsSchemaV2.swift for target TrailsWidgetExtension"
            ), "\(draft.notes)")
        #expect(try NextVersionProof.check(draft, sources: sources).mismatches.isEmpty)
        _ = try draft.edits.write()
        #expect(
            try String(contentsOf: projectFile, encoding: .utf8)
                == original.replacingOccurrences(
                    of: "\t\t\t\tModel/TrailsSchemaV2.swift,\n",
                    with: "\t\t\t\tModel/TrailsSchemaV2.swift,\n\t\t\t\tModel/TrailsSchemaV3.swift,\n"))
        let reread = try AppSources(folder: folder.url)
        let newFile = try #require(reread.compiledFiles.read.first { $0.hasSuffix("Model/TrailsSchemaV3.swift") })
        #expect(reread.compiledFiles.targets(of: newFile) == ["Trails", "TrailsWidgetExtension"])
        #expect(try Self.lint(projectFile) == 0)
    }

    /// Xcode 16's file-system-synchronized folder compiles every file put in it: the project is not edited, and the
    /// note says why.
    @Test func aSynchronizedFolderCompilesTheNewFileWithoutAnEdit() throws {
        let folder = try NextVersionDraftTests.app("HerbariumXcode")
        try folder.write(
            Self.project,
            """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {
            \t\t1D20A0012E10B4C000C7F001 = {isa = PBXGroup; children = (1D20A0022E10B4C000C7F001 /* Herbarium */, ); sourceTree = "<group>"; };
            \t\t1D20A0022E10B4C000C7F001 /* Herbarium */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Herbarium; sourceTree = "<group>"; };
            \t\t1D20A0032E10B4C000C7F001 /* Herbarium */ = {isa = PBXNativeTarget; buildPhases = (1D20A0042E10B4C000C7F001 /* Sources */, ); fileSystemSynchronizedGroups = (1D20A0022E10B4C000C7F001 /* Herbarium */, ); name = Herbarium; productType = "com.apple.product-type.application"; };
            \t\t1D20A0042E10B4C000C7F001 /* Sources */ = {isa = PBXSourcesBuildPhase; files = ( ); };
            \t\t1D20A0052E10B4C000C7F001 /* Project object */ = {isa = PBXProject; mainGroup = 1D20A0012E10B4C000C7F001; projectDirPath = ""; targets = (1D20A0032E10B4C000C7F001 /* Herbarium */, ); };
            \t};
            \trootObject = 1D20A0052E10B4C000C7F001 /* Project object */;
            }

            """)
        let (draft, sources) = try NextVersionDraftTests.draft(folder)
        #expect(sources.compiledFiles.targets == ["Herbarium"])
        #expect(draft.edits.changes.contains { $0.path.hasSuffix("HerbariumSchemaV3.swift") })
        #expect(!draft.edits.changes.contains { $0.path.hasSuffix(Self.project) })
        #expect(
            draft.notes.contains(
                "Herbarium.xcodeproj compiles the new files without an edit: Herbarium is a file-system-synchronized folder"
            ), "\(draft.notes)")
    }
}
