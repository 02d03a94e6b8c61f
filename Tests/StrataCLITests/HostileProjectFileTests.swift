import AppleStoreFixtures
import Foundation
import StrataSources
import Testing

/// Project files as strangers' pull requests hold them: a seeded mutation run over the `.pbxproj`, `project.yml` and
/// Tuist manifests of the fixture apps (``ProjectFileMutation``; docs/SAFETY.md, "Hostile input"), with a folder
/// beside each app whose files hostile paths name and nothing may read. `STRATA_MUTATIONS`, `STRATA_MUTATION_SEED`,
/// `STRATA_MUTATION_CLI_EVERY` and `STRATA_FULL` as in the other runs; `STRATA_MUTATION_VERBOSE=1` prints each
/// mutation's replay line before it runs.
@Suite(.serialized) struct HostileProjectFileTests {
    /// Each mutated app is read or refused in process (its project, then its plan and check, as `check --sources`
    /// reads them) and a sample through `strata check --sources`: no crash, at most 10 s of work, a refusal naming a
    /// file of the app, every file of the app byte-identical and nothing added, nothing outside it read or written,
    /// the child's `TMPDIR` empty.
    @Test func mutatedProjectFilesAreReadOrRefused() throws {
        let profile = MutationProfile(quick: 60, cliEvery: 10)
        print("project file mutations: STRATA_MUTATION_SEED=\(profile.seed) STRATA_MUTATIONS=\(profile.count)")
        let directory = try TemporaryStore()
        let outside = try Outside(in: directory.directory.path)
        let outsideBefore = try FolderSnapshot.of(outside.folder)
        let watcher = FifoWatcher()
        watcher.start(path: outside.fifo)
        defer { watcher.stop() }
        let verbose = ProcessInfo.processInfo.environment["STRATA_MUTATION_VERBOSE"] != nil
        var failures: [String] = []
        var (refused, slowest, longest, reading) = (0, 0.0, 0.0, 0.0)
        let started = Date()
        for index in 0..<profile.count {
            let seed = profile.seed(of: index)
            var random = SplitMix(seed: seed)
            let (app, files) = ProjectFileMutation.apps[random.below(ProjectFileMutation.apps.count)]
            let file = files[random.below(files.count)]
            let tree = try LintCommandTests.copy(app, into: directory, as: "t\(index)")
            let target = URL(fileURLWithPath: tree).appendingPathComponent(file)
            if file == "Workspace.swift" { try ProjectFileMutation.workspace.write(to: target) }
            let mutation = ProjectFileMutation.of(
                [UInt8](try Data(contentsOf: target)), file: file, outside: outside, random: &random)
            try Data(mutation.bytes).write(to: target)
            let replay = "replay: STRATA_MUTATION_SEED=\(seed) STRATA_MUTATIONS=1 (\(app)/\(file): \(mutation.what))"
            if verbose { print(replay) }
            let before = try FolderSnapshot.of(tree)
            let clock = ReadClock()
            do {
                let sources = try AppSources(folder: URL(fileURLWithPath: tree))
                let compiled = sources.compiledFiles
                if compiled.compilationConditions.contains(Outside.condition)
                    || compiled.targets.contains("OutsideWasRead")
                {
                    failures.append("\(replay): a file outside the app was read")
                }
                if let plan = try? sources.plan(named: nil) { _ = plan.check() }
            } catch {
                refused += 1
                if !"\(error)".contains(tree) { failures.append("\(replay): names no file: \("\(error)".prefix(300))") }
            }
            let time = clock.elapsed()
            (slowest, longest, reading) = (max(slowest, time.work), max(longest, time.wall), reading + time.wall)
            if let problem = time.problem(limit: 10) { failures.append("\(replay): \(problem)") }
            if profile.throughStrata(index) || mutation.what.hasPrefix("nested") && index % 3 == 0 {
                failures += try Self.throughStrata(tree, replay: replay, in: directory)
            }
            if watcher.takeOpened() { failures.append("\(replay): the FIFO outside the app was opened") }
            if try FolderSnapshot.of(tree) != before { failures.append("\(replay): the app's files changed") }
            try FileManager.default.removeItem(atPath: tree)
        }
        if try FolderSnapshot.of(outside.folder) != outsideBefore {
            failures.append("the folder outside the app changed")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.directory.path)
        if left != ["outside"] { failures.append("left in the run's folder: \(left.sorted())") }
        print(
            "project file mutations: \(profile.count) run, \(refused) refused, slowest \(slowest) s of work, longest \(longest) s; reads \(Int(reading)) s of \(Int(Date().timeIntervalSince(started))) s"
        )
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    /// `strata check --sources tree` with a `TMPDIR` of its own: why it broke the contract, if it did (a signal or
    /// another exit status, a refusal naming no file of the app, a hang, a file left in its `TMPDIR`).
    static func throughStrata(_ tree: String, replay: String, in directory: TemporaryStore) throws -> [String] {
        let scratch = directory.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let clock = ReadClock()
        let run = try CommandRun.strata(["check", "--sources", tree], environment: ["TMPDIR": scratch])
        var failures: [String] = []
        if ![0, 1, 2].contains(run.status) {
            failures.append("\(replay): exit \(run.status) \(run.standardError.suffix(300))")
        } else if run.status == 2 && !run.standardError.contains(tree) {
            failures.append("\(replay): the message names no file: \(run.standardError.prefix(300))")
        }
        if clock.elapsed().wall > 60 { failures.append("\(replay): strata took \(clock.elapsed().wall) s") }
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch)
        if !left.isEmpty { failures.append("\(replay): strata left \(left) in its TMPDIR") }
        return failures
    }
}

/// Regressions for what the project file run found (docs/SAFETY.md, "Project files"), each checked through the
/// reader and the real `strata check --sources`.
@Suite struct HostileProjectShapeTests {
    /// A copy of the fixture app `app` with `file` replaced by `text`, and the path of the file.
    static func app(_ app: String, _ file: String, _ text: String, in directory: TemporaryStore) throws -> (
        tree: String, file: String
    ) {
        let tree = try LintCommandTests.copy(app, into: directory, as: "App")
        try Data(text.utf8).write(to: URL(fileURLWithPath: tree + "/" + file))
        return (tree, tree + "/" + file)
    }

    /// `check --sources tree` exits with 0 or 1 (read), within `seconds` on the wall clock.
    static func readsQuickly(_ tree: String, seconds: Double) throws -> CompiledFiles {
        let clock = ReadClock()
        let files = try CompiledFiles(folder: URL(fileURLWithPath: tree))
        let run = try CommandRun.strata("check", "--sources", tree)
        #expect([0, 1].contains(run.status), "\(run.standardError.suffix(300))")
        #expect(clock.elapsed().wall < seconds)
        return files
    }

    /// Groups chained 100,000 deep overflowed the stack of the recursive walk placing each group's path (signal
    /// 11): every object is flat in `objects`, so the parser's nesting limit does not bound the chain. The walk is
    /// now a loop, and an object met again (a cycle) is placed once.
    @Test func groupsChained100000DeepAreReadNotACrash() throws {
        let directory = try TemporaryStore()
        let original = try String(
            contentsOfFile: SourcesCommandTests.tree("StaleXcodeApp") + "/Pantry.xcodeproj/project.pbxproj",
            encoding: .utf8)
        var chain =
            "CY = {isa = PBXGroup; children = (C0, CY, 7B01A0402B40C11100D1E001); sourceTree = \"<group>\"; };\n"
        for index in 0..<100_000 {
            chain += "C\(index) = {isa = PBXGroup; path = g; sourceTree = \"<group>\"; children = (C\(index + 1)); };\n"
        }
        let text = ProjectFileCraft.addingChild(
            "CY", to: "7B01A0402B40C11100D1E001",
            in: original.replacingOccurrences(of: "objects = {", with: "objects = {\n" + chain))
        let (tree, _) = try Self.app("StaleXcodeApp", "Pantry.xcodeproj/project.pbxproj", text, in: directory)
        let files = try Self.readsQuickly(tree, seconds: 60)
        #expect(files.targets == ["Pantry", "PantryTests"], "\(files.summary)")
    }

    /// Includes naming the spec itself and templates naming themselves twenty times a level grew as a power of the
    /// depth (20^8 reads); a spec now reads at most 64 includes, none already being included, and a target applies
    /// at most 64 templates, none within itself; what was not read is said.
    @Test func selfNamingIncludesAndTemplatesEndAtOnce() throws {
        let directory = try TemporaryStore()
        let original = try String(
            contentsOfFile: SourcesCommandTests.tree("HabitTrackerApp") + "/project.yml", encoding: .utf8)
        let many = Array(repeating: "T", count: 20).joined(separator: ", ")
        #expect(original.contains("include:\n"))
        let text =
            original.replacingOccurrences(
                of: "include:\n", with: "include:\n" + String(repeating: "  - project.yml\n", count: 20))
            + "targetTemplates:\n  T:\n    templates: [\(many)]\n    sources: [T]\n"
        let (tree, _) = try Self.app(
            "HabitTrackerApp", "project.yml",
            text.replacingOccurrences(
                of: "templates: [iOSApp]", with: "templates: [iOSApp, \(many)]"), in: directory)
        let files = try Self.readsQuickly(tree, seconds: 30)
        #expect(files.targets == ["HabitTracker"], "\(files.summary)")
        #expect(files.unread.contains("project.yml includes project.yml, which is already being included"))
        #expect(
            files.unread.contains {
                $0.hasPrefix("target HabitTracker in project.yml uses the template T within itself")
            })
    }

    /// A `project.yml` line of a million `:` took time growing as the square of its length (each `:` copied the
    /// rest of the line); the line is now read in one pass. Blocks nested 5,000 deep are read to 256 levels.
    @Test func aLineOfAMillionColonsAndDeepNestingReadAtOnce() throws {
        let directory = try TemporaryStore()
        let original = try String(
            contentsOfFile: SourcesCommandTests.tree("HabitTrackerApp") + "/project.yml", encoding: .utf8)
        let colons = String(repeating: ":", count: 1 << 20)
        let deep = (0..<5_000).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        let (tree, _) = try Self.app(
            "HabitTrackerApp", "project.yml", original + "\nname: \(colons)\n\(colons)\n" + deep + "\n", in: directory)
        let files = try Self.readsQuickly(tree, seconds: 30)
        #expect(files.targets == ["HabitTracker"], "\(files.summary)")
    }

    /// Globs repeating a wildcard thirty times, in a Tuist target's sources and an XcodeGen target's excludes, are
    /// matched against each file in time proportional to the pattern's length times the path's (the backtracking
    /// regular expression they were matched with before tries the wildcards' combinations).
    @Test func globsOfManyWildcardsMatchAtOnce() throws {
        let directory = try TemporaryStore()
        let (crag, habits) = ("CragApp", "HabitTrackerApp")
        let manifest = try String(contentsOfFile: SourcesCommandTests.tree(crag) + "/Project.swift", encoding: .utf8)
        let (tree, _) = try Self.app(
            crag, "Project.swift",
            manifest.replacingOccurrences(
                of: "sources: [\"App/**\"]",
                with:
                    "sources: [.glob(\"\(ProjectFileCraft.wildGlobs[0])\", excluding: [\"\(ProjectFileCraft.wildGlobs[1])\"]), \"App/**\"]"
            ), in: directory)
        #expect(try Self.readsQuickly(tree, seconds: 30).targets.contains("Crag"))
        let spec = try String(contentsOfFile: SourcesCommandTests.tree(habits) + "/project.yml", encoding: .utf8)
        let other = try TemporaryStore()
        let (specTree, _) = try Self.app(
            habits, "project.yml",
            spec
                + "  Wild:\n    sources:\n      - path: HabitTracker\n        excludes: [\"\(ProjectFileCraft.wildGlobs[0])\", \"\(ProjectFileCraft.wildGlobs[1])\"]\n",
            in: other)
        #expect(try Self.readsQuickly(specTree, seconds: 30).targets.contains("Wild"))
    }

    /// A manifest holding a megabyte of NUL bytes took 16 s of work (seed 8905 of the project file run): swift-syntax
    /// recovers at each NUL. NUL is read as a space, as the compiler skips it, so the targets written before it are
    /// read, at once.
    @Test func aMegabyteOfNulIsSkippedAsTheCompilerSkipsIt() throws {
        let directory = try TemporaryStore()
        let manifest = try String(
            contentsOfFile: SourcesCommandTests.tree("CragApp") + "/Project.swift", encoding: .utf8)
        let (tree, _) = try Self.app(
            "CragApp", "Project.swift", manifest + String(repeating: "\u{0}", count: 1 << 20), in: directory)
        let clock = ReadClock()
        let files = try Self.readsQuickly(tree, seconds: 30)
        #expect(clock.elapsed().work < 5)
        #expect(files.targets == ["Routes", "Gear", "Crag"], "\(files.summary)")
    }

    /// A Tuist helper calling itself twenty times a level was followed 20^6 times; the reading now reads at most
    /// 1,000 helper bodies and closures, and says where it stopped.
    @Test func aTuistHelperCallingItselfEndsAtTheReadLimit() throws {
        let directory = try TemporaryStore()
        let original = try String(
            contentsOfFile: SourcesCommandTests.tree("CragApp") + "/Project.swift", encoding: .utf8)
        let calls = Array(repeating: "bomb(name)", count: 20).joined(separator: " + ")
        let text =
            original
            + "\nfunc bomb(_ name: String) -> [Target] { [.target(name: name, sources: [\"Modules/\\(name)/Sources/**\"])] + \(calls) }\nlet more = Project(name: \"B\", targets: bomb(\"Gear\"))\n"
        let (tree, _) = try Self.app("CragApp", "Project.swift", text, in: directory)
        let files = try Self.readsQuickly(tree, seconds: 60)
        #expect(files.targets.contains("Routes"), "\(files.summary)")
        #expect(files.unread.contains { $0.contains("calls helpers past the 1000 bodies Strata reads") })
    }
}
