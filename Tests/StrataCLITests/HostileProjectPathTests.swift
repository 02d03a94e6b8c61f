import AppleStoreFixtures
import Foundation
import StrataSources
import Testing

/// Paths in a stranger's project file never make Strata read or write outside the app's folder (docs/SAFETY.md,
/// "Project files"): a base configuration, an `#include` or an XcodeGen `include:` naming `../outside`, an absolute
/// path, a device, a FIFO or a symbolic link out of the app is not read, while the same file inside the app is; and
/// `next-version --write` writes only inside the app whatever its project's paths say.
@Suite(.serialized) struct HostileProjectPathTests {
    /// The Pantry app (a classic Xcode project) beside a folder of traps, each release configuration based on the
    /// `.xcconfig` at `base` (relative to the project's folder, or absolute).
    static func pantry(basedOn base: String, in directory: TemporaryStore) throws -> (tree: String, outside: Outside) {
        let outside = try Outside(in: directory.directory.path)
        let tree = try LintCommandTests.copy(
            "StaleXcodeApp", into: directory, as: "Pantry",
            editing: [
                (
                    "Pantry.xcodeproj/project.pbxproj", "isa = XCBuildConfiguration;",
                    "isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = 7B01A0402B40C11100D1E001; baseConfigurationReferenceRelativePath = \"\(base)\";"
                )
            ])
        return (tree, outside)
    }

    /// The custom conditions the app's project sets, as `check --sources` reads them, with the FIFO outside watched.
    static func conditions(of tree: String, watching outside: Outside) throws -> (Set<String>, fifoOpened: Bool) {
        let watcher = FifoWatcher()
        watcher.start(path: outside.fifo)
        defer { watcher.stop() }
        let files = try CompiledFiles(folder: URL(fileURLWithPath: tree))
        let run = try CommandRun.strata("check", "--sources", tree)
        #expect([0, 1].contains(run.status), "\(run.standardError)")
        return (files.compilationConditions, watcher.takeOpened())
    }

    /// A base configuration inside the app is read (so the test can fail), one of its `#include`s outside is not,
    /// nor is a base configuration named by `../outside`, an absolute path, a FIFO, `/dev/zero` or a link out.
    @Test func aProjectReadsNoConfigurationOutsideItsFolder() throws {
        let inside = try TemporaryStore()
        let (tree, outside) = try Self.pantry(basedOn: "Configs/Release.xcconfig", in: inside)
        try FileManager.default.createDirectory(atPath: tree + "/Configs", withIntermediateDirectories: true)
        try Data(
            "#include \"../../outside/trap.xcconfig\"\n#include \"\(outside.fifo)\"\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = INSIDE_WAS_READ\n"
                .utf8
        ).write(to: URL(fileURLWithPath: tree + "/Configs/Release.xcconfig"))
        let (read, opened) = try Self.conditions(of: tree, watching: outside)
        #expect(read == ["INSIDE_WAS_READ"])
        #expect(!opened)

        for base in [
            "../outside/trap.xcconfig", "OUTSIDE", "FIFO", "/dev/zero", "link.xcconfig", "fifo.xcconfig",
            "zero.xcconfig",
        ] {
            let directory = try TemporaryStore()
            let traps = directory.directory.path + "/outside"
            let absolute = base.replacingOccurrences(of: "OUTSIDE", with: traps + "/trap.xcconfig")
                .replacingOccurrences(of: "FIFO", with: traps + "/trap.fifo")
            let (tree, outside) = try Self.pantry(basedOn: absolute, in: directory)
            let links = [
                "link.xcconfig": outside.xcconfig, "fifo.xcconfig": outside.fifo, "zero.xcconfig": "/dev/zero",
            ]
            for (name, destination) in links {
                try FileManager.default.createSymbolicLink(atPath: tree + "/" + name, withDestinationPath: destination)
            }
            let clock = ReadClock()
            let (read, opened) = try Self.conditions(of: tree, watching: outside)
            #expect(read.isEmpty, "\(base)")
            #expect(!opened, "\(base)")
            #expect(clock.elapsed().wall < 30, "\(base)")
        }
    }

    /// An XcodeGen include inside the app is read; one naming `../outside`, an absolute path, the FIFO or a link out
    /// is not, and is named among what was not read.
    @Test func anXcodeGenSpecIncludesNothingOutsideItsFolder() throws {
        for include in ["../outside/trap.yml", "OUTSIDE", "FIFO", "link.yml", "xcodegen/templates.yml"] {
            let directory = try TemporaryStore()
            let outside = try Outside(in: directory.directory.path)
            let path = include.replacingOccurrences(of: "OUTSIDE", with: outside.spec).replacingOccurrences(
                of: "FIFO", with: outside.fifo)
            let tree = try LintCommandTests.copy(
                "HabitTrackerApp", into: directory, as: "Habits",
                editing: [("project.yml", "  - path: xcodegen/templates.yml\n", "  - path: \(path)\n")])
            try FileManager.default.createSymbolicLink(atPath: tree + "/link.yml", withDestinationPath: outside.spec)
            let watcher = FifoWatcher()
            watcher.start(path: outside.fifo)
            let files = try CompiledFiles(folder: URL(fileURLWithPath: tree))
            watcher.stop()
            #expect(!watcher.opened, "\(include)")
            #expect(!files.targets.contains("OutsideWasRead"), "\(include)")
            #expect(!files.compilationConditions.contains(Outside.condition), "\(include)")
            if include.hasPrefix("xcodegen") {
                // The template the app's target names comes from the include: read, it compiles the app's files.
                #expect(files.targets == ["HabitTracker"], "\(files.summary)")
            } else {
                #expect(files.unread.contains { $0.hasPrefix("project.yml includes \(path), which is not read") })
            }
        }
    }

    /// A project file that is a link to `/dev/zero` or to a FIFO, or a folder, is refused at once naming it, exit 2.
    @Test func aProjectFileThatIsNotAFileIsRefusedUnread() throws {
        for (app, file) in [
            ("StaleXcodeApp", "Pantry.xcodeproj/project.pbxproj"), ("HabitTrackerApp", "project.yml"),
            ("CragApp", "Project.swift"),
        ] {
            for destination in ["/dev/zero", "FIFO"] {
                let directory = try TemporaryStore()
                let outside = try Outside(in: directory.directory.path)
                let tree = try LintCommandTests.copy(app, into: directory, as: "App")
                let path = tree + "/" + file
                try FileManager.default.removeItem(atPath: path)
                try FileManager.default.createSymbolicLink(
                    atPath: path, withDestinationPath: destination == "FIFO" ? outside.fifo : destination)
                let clock = ReadClock()
                let run = try CommandRun.strata("check", "--sources", tree)
                #expect(clock.elapsed().wall < 30)
                #expect(run.status == 2, "\(file) -> \(destination): \(run.standardError)")
                #expect(run.standardError.contains(path), "\(run.standardError)")
            }
        }
    }

    /// Symbolic links in the app to its parent, to `/` and to a folder beside it holding a plan are not walked: the
    /// read ends at once, finds only the app's own plan, and opens no FIFO there.
    @Test func symbolicLinksOutOfTheAppAreNotWalked() throws {
        let directory = try TemporaryStore()
        let outside = try Outside(in: directory.directory.path)
        try Data(
            "import SwiftData\n\nenum TrapPlan: SchemaMigrationPlan {\n    static var schemas: [any VersionedSchema.Type] { [] }\n}\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: outside.folder + "/TrapPlan.swift"))
        let tree = try LintCommandTests.copy("CragApp", into: directory, as: "Crag")
        let helpers = tree + "/Tuist/ProjectDescriptionHelpers"
        try FileManager.default.createDirectory(atPath: helpers, withIntermediateDirectories: true)
        for (link, destination) in [
            ("Modules/Routes/Sources/Loop", ".."), ("Modules/Root", "/"), ("App/Beside", outside.folder),
            (helpers + "/Beside", outside.folder), (helpers + "/Fifo.swift", outside.fifo),
        ] {
            try FileManager.default.createSymbolicLink(
                atPath: link.hasPrefix("/") ? link : tree + "/" + link, withDestinationPath: destination)
        }
        let watcher = FifoWatcher()
        watcher.start(path: outside.fifo)
        defer { watcher.stop() }
        let clock = ReadClock()
        let sources = try AppSources(folder: URL(fileURLWithPath: tree))
        #expect(sources.plans.map(\.name) == ["RoutePlan"])
        let run = try CommandRun.strata("check", "--sources", tree)
        #expect([0, 1].contains(run.status), "\(run.standardError.suffix(300))")
        #expect(clock.elapsed().wall < 60)
        #expect(!watcher.takeOpened())
    }

    /// `next-version --write` on an Xcode project whose groups, files and project folder name places outside the
    /// app (`../outside`, absolute paths, the root) writes its new files beside the models and edits only the app's
    /// own project file: the folder outside is unchanged and nothing is written anywhere but in the app.
    @Test func nextVersionWritesOnlyInsideTheApp() throws {
        let directory = try TemporaryStore()
        let outside = try Outside(in: directory.directory.path)
        let app = try NextVersionCommandTests.app("HerbariumXcode", in: directory)
        let project = app + "/Herbarium.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: project, encoding: .utf8)
        #expect(text.contains("path = Model;"))
        try Data(
            text.replacingOccurrences(of: "path = Model;", with: "path = \"../outside\";").replacingOccurrences(
                of: "projectDirPath = \"\";", with: "projectDirPath = \"\(outside.folder)\";"
            ).utf8
        ).write(to: URL(fileURLWithPath: project))
        let before = try FolderSnapshot.of(directory.directory.path)
        let run = try CommandRun.strata("next-version", "--sources", app, "--write")
        #expect([0, 1, 2].contains(run.status), "\(run.standardError)")
        let after = try FolderSnapshot.of(directory.directory.path)
        let changed = Set(after.keys).union(before.keys).filter { before[$0] != after[$0] }.sorted()
        #expect(!changed.isEmpty, "next-version wrote nothing: \(run.standardOutput) \(run.standardError)")
        #expect(changed.allSatisfy { $0.hasPrefix("HerbariumXcode/") }, "\(changed)")
    }
}
