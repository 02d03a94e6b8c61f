import AppleStoreFixtures
import Foundation
import StrataSources
import Testing

/// `freeze` records and an app's sources as strangers' pull requests hold them: a seeded mutation run over the
/// record `strata freeze` writes for NotesApp and over NotesApp's Swift files and a Package.swift (docs/SAFETY.md,
/// "Hostile input"). `STRATA_MUTATIONS` and `STRATA_MUTATION_SEED` as in HostileModelBundleTests.
@Suite(.serialized) struct HostileSourceTests {
    /// Mutated freeze records are read or refused by the reader, and `check --frozen` exits 1 or 2 naming the file.
    @Test func mutatedFreezeRecordsAreReadOrRefused() throws {
        let profile = MutationProfile(quick: 80, cliEvery: 40)
        print("freeze record mutations: STRATA_MUTATION_SEED=\(profile.seed) STRATA_MUTATIONS=\(profile.count)")
        let directory = try TemporaryStore()
        let tree = try LintCommandTests.copy("NotesApp", into: directory)
        let original = directory.path("strata-freeze.json")
        #expect(try CommandRun.strata("freeze", "--sources", tree, "--out", original).status == 0)
        let record = try Data(contentsOf: URL(fileURLWithPath: original))
        var failures: [String] = []
        var refused = 0
        var slowest = 0.0
        var longest = 0.0
        var reading = 0.0
        let started = Date()
        for index in 0..<profile.count {
            let seed = profile.seed(of: index)
            var random = SplitMix(seed: seed)
            let (bytes, what) = Self.mutateJSON([UInt8](record), random: &random)
            let file = directory.path("m.json")
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let replay = "replay: STRATA_MUTATION_SEED=\(seed) STRATA_MUTATIONS=1 (\(what))"
            let clock = ReadClock()
            if let frozen = try? FrozenVersions(contentsOf: URL(fileURLWithPath: file)) {
                _ = frozen.shipped(recordedIn: "m.json")
            } else {
                refused += 1
            }
            let time = clock.elapsed()
            slowest = max(slowest, time.work)
            longest = max(longest, time.wall)
            reading += time.wall
            if let problem = time.problem(limit: 5) { failures.append("\(replay): \(problem)") }
            if profile.throughStrata(index) {
                let run = try CommandRun.strata("check", "--sources", tree, "--frozen", file)
                if ![0, 1, 2].contains(run.status) {
                    failures.append("\(replay): exit \(run.status) \(run.standardError)")
                } else if run.status == 2 && !run.standardError.contains(file) {
                    failures.append("\(replay): the message names no file: \(run.standardError)")
                }
            }
            if try Data(contentsOf: URL(fileURLWithPath: file)) != Data(bytes) {
                failures.append("\(replay): the record changed")
            }
        }
        print(
            "freeze record mutations: \(profile.count) run, \(refused) refused, slowest \(slowest) s of work, longest \(longest) s; reads \(Int(reading)) s of \(Int(Date().timeIntervalSince(started))) s"
        )
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    /// Mutated Swift files and project files are read or refused in process (the static level) without a crash,
    /// and a sample through `strata check --sources` ends with 0, 1 or 2, never a signal.
    @Test func mutatedSourcesAreReadOrRefused() throws {
        let profile = MutationProfile(quick: 30, cliEvery: 10)
        print("source mutations: STRATA_MUTATION_SEED=\(profile.seed) STRATA_MUTATIONS=\(profile.count)")
        let directory = try TemporaryStore()
        // Deep nesting, what overflows a stack, goes through `strata` (its own main thread) three times as often.
        let deepEvery = max(1, profile.cliEvery * 3 / 10)
        var failures: [String] = []
        var refused = 0
        var slowest = 0.0
        var longest = 0.0
        var reading = 0.0
        let started = Date()
        for index in 0..<profile.count {
            let seed = profile.seed(of: index)
            var random = SplitMix(seed: seed)
            let name = ["NotesApp", "PackageApp"][random.below(2)]
            let tree = try LintCommandTests.copy(name, into: directory, as: "t\(index)")
            let files = (FileManager.default.enumerator(atPath: tree)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted()
            let target = URL(fileURLWithPath: tree).appendingPathComponent(files[random.below(files.count)])
            let (bytes, what) = Self.mutateSwift([UInt8](try Data(contentsOf: target)), random: &random)
            try Data(bytes).write(to: target)
            let replay =
                "replay: STRATA_MUTATION_SEED=\(seed) STRATA_MUTATIONS=1 (\(target.lastPathComponent): \(what))"
            if ProcessInfo.processInfo.environment["STRATA_MUTATION_VERBOSE"] != nil { print(replay) }
            let clock = ReadClock()
            do {
                let sources = try AppSources(folder: URL(fileURLWithPath: tree))
                if let plan = try? sources.plan(named: nil) { _ = plan.check() }
            } catch {
                refused += 1
                if !"\(error)".contains(tree) { failures.append("\(replay): names no file: \(error)") }
            }
            let time = clock.elapsed()
            slowest = max(slowest, time.work)
            longest = max(longest, time.wall)
            reading += time.wall
            if let problem = time.problem(limit: 10) { failures.append("\(replay): \(problem)") }
            if profile.throughStrata(index) || (what.hasPrefix("nested") && index % deepEvery == 0) {
                let run = try CommandRun.strata("check", "--sources", tree)
                if ![0, 1, 2].contains(run.status) {
                    failures.append("\(replay): exit \(run.status) \(run.standardError.suffix(300))")
                }
            }
            if try Data(contentsOf: target) != Data(bytes) { failures.append("\(replay): the file changed") }
            try FileManager.default.removeItem(atPath: tree)
        }
        print(
            "source mutations: \(profile.count) run, \(refused) refused, slowest \(slowest) s of work, longest \(longest) s; reads \(Int(reading)) s of \(Int(Date().timeIntervalSince(started))) s"
        )
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    /// Regression (found by the run, seed 60): a 10,000-long member chain overflowed the stack in swift-syntax's
    /// location converter (signal 11); it is now refused naming the file and line, and a 300-long one is read.
    @Test func deepMemberChainIsRefusedNotACrash() throws {
        let directory = try TemporaryStore()
        let tree = try LintCommandTests.copy("NotesApp", into: directory)
        let file = URL(fileURLWithPath: tree).appendingPathComponent("Deep.swift")
        try Data(("let short = x" + String(repeating: ".y", count: 300) + "\n").utf8).write(to: file)
        _ = try AppSources(folder: URL(fileURLWithPath: tree))
        try Data(("\nlet chain = x" + String(repeating: ".y", count: 10_000) + "\n").utf8).write(to: file)
        #expect(throws: SourceReadingError.tooDeep(file.path, line: 2)) {
            try AppSources(folder: URL(fileURLWithPath: tree))
        }
        let run = try CommandRun.strata("check", "--sources", tree)
        #expect(run.status == 2)
        #expect(
            run.standardError.contains(
                "\(file.path):2: nests more than 1000 brackets, 16 square brackets or 1500 syntax levels deep"))
    }

    /// Regression (found by the run, seed 3119): 10,000 nested `[` overflowed the stack in swift-syntax's parser
    /// (its lookahead for a collection type recurses without the nesting limit); now refused before parsing.
    @Test func deepBracketsAreRefusedBeforeParsing() throws {
        let directory = try TemporaryStore()
        let tree = try LintCommandTests.copy("PackageApp", into: directory)
        let file = URL(fileURLWithPath: tree).appendingPathComponent("Sources/Ledger/Deep.swift")
        try Data(("let a = " + String(repeating: "[", count: 12) + String(repeating: "]", count: 12) + "\n").utf8)
            .write(to: file)
        _ = try AppSources(folder: URL(fileURLWithPath: tree))
        // Forty square brackets open at once would keep swift-syntax's parser busy for days (its time doubles with
        // each): refused before parsing, at once.
        try Data(("let grid = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n").utf8)
            .write(to: file)
        #expect(throws: SourceReadingError.tooDeep(file.path, line: 1)) {
            try AppSources(folder: URL(fileURLWithPath: tree))
        }
        try Data(
            ("let deep = " + String(repeating: "[", count: 10_000) + "1" + String(repeating: "]", count: 10_000)).utf8
        )
        .write(to: file)
        #expect(throws: SourceReadingError.tooDeep(file.path, line: 1)) {
            try AppSources(folder: URL(fileURLWithPath: tree))
        }
        let run = try CommandRun.strata("check", "--sources", tree)
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains("\(file.path):1: nests more than 1000 brackets"))
    }

    /// Regression (found measuring the long run's rate, seed 20042): 10,000 nested `[` in a `Package.swift`
    /// overflowed the stack (signal 11): the manifest reader parsed it without the limits the app's other files are
    /// read with; every reader of Swift text now parses through `SourceFile`'s limits.
    @Test func deepPackageManifestIsRefusedNotACrash() throws {
        let directory = try TemporaryStore()
        let tree = try LintCommandTests.copy("PackageApp", into: directory)
        let manifest = URL(fileURLWithPath: tree).appendingPathComponent("Package.swift")
        let original = try Data(contentsOf: manifest)
        let deep = original + Data(("let deep = " + String(repeating: "[", count: 10_000) + "\n").utf8)
        try deep.write(to: manifest)
        let line = String(decoding: original, as: UTF8.self).filter { $0 == "\n" }.count + 1
        #expect(throws: SourceReadingError.tooDeep(manifest.path, line: line)) {
            try AppSources(folder: URL(fileURLWithPath: tree))
        }
        let run = try CommandRun.strata("check", "--sources", tree)
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains("\(manifest.path):\(line): nests more than 1000 brackets"))
        #expect(try Data(contentsOf: manifest) == deep)
    }

    /// Regression (found measuring the long run's rate, seed 66): a record whose entity name was 4 MiB long took
    /// over 5 s to read (its schemas are fingerprinted, and the debug build hashes slowly); a name longer than
    /// `nameLimit` is now refused naming the file before that, and one of exactly `nameLimit` bytes is read.
    @Test func overlongNamesInAFrozenRecordAreRefused() throws {
        let directory = try TemporaryStore()
        let tree = try LintCommandTests.copy("NotesApp", into: directory)
        let file = directory.path("strata-freeze.json")
        #expect(try CommandRun.strata("freeze", "--sources", tree, "--out", file).status == 0)
        let record = try String(contentsOfFile: file, encoding: .utf8)
        #expect(record.contains("\"Note\""))
        let longest = String(repeating: "N", count: FrozenVersions.nameLimit)
        try record.replacingOccurrences(of: "\"Note\"", with: "\"\(longest)\"").write(
            toFile: file, atomically: false, encoding: .utf8)
        _ = try FrozenVersions(contentsOf: URL(fileURLWithPath: file))
        let huge = String(repeating: "N", count: 4 << 20)
        try record.replacingOccurrences(of: "\"Note\"", with: "\"\(huge)\"").write(
            toFile: file, atomically: false, encoding: .utf8)
        #expect {
            try FrozenVersions(contentsOf: URL(fileURLWithPath: file))
        } throws: { error in
            guard case .nameTooLong(_, let bytes) = error as? FrozenVersions.ReadError else { return false }
            return bytes == 4 << 20
        }
        let run = try CommandRun.strata("check", "--sources", tree, "--frozen", file)
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains("\(file) holds a name of 4194304 bytes, more than the 1024 a name"))
    }

    /// Regression (found reading the project-file parser for its limits): a `project.pbxproj` of 100,000 nested `(`
    /// overflowed the stack of its recursive parser (signal 11); nesting deeper than 256 is now refused naming the
    /// file.
    @Test func deepProjectFileIsRefusedNotACrash() throws {
        let directory = try TemporaryStore()
        let tree = try LintCommandTests.copy("NotesApp", into: directory)
        let project = URL(fileURLWithPath: tree).appendingPathComponent("Notes.xcodeproj/project.pbxproj")
        try FileManager.default.createDirectory(
            at: project.deletingLastPathComponent(), withIntermediateDirectories: true)
        let deep = Data(("{ objects = " + String(repeating: "(", count: 100_000) + "; }").utf8)
        try deep.write(to: project)
        #expect {
            try AppSources(folder: URL(fileURLWithPath: tree))
        } throws: { "\($0)".contains("\(project.path) cannot be read as an Xcode project (nesting deeper than 256") }
        let run = try CommandRun.strata("check", "--sources", tree)
        #expect(run.status == 2, "\(run.standardError.suffix(300))")
        #expect(run.standardError.contains("\(project.path) cannot be read as an Xcode project (nesting deeper than"))
        #expect(try Data(contentsOf: project) == deep)
    }

    /// A `--frozen` file larger than a record may be, a FIFO (which would block a reader) and a folder are refused
    /// before a byte is read, naming the file, and left as they were.
    @Test func anOversizedOrSpecialFrozenFileIsRefusedUnread() throws {
        let directory = try TemporaryStore()
        let tree = try LintCommandTests.copy("NotesApp", into: directory)
        let huge = directory.path("huge.json")
        #expect(FileManager.default.createFile(atPath: huge, contents: Data("{".utf8)))
        // Sparse: 65 MiB on paper, no disk.
        #expect(truncate(huge, off_t(FrozenVersions.sizeLimit + (1 << 20))) == 0)
        let fifo = directory.path("record.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let folder = directory.path("folder.json")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let cases = [
            (huge, "holds 68157440 bytes, more than the 64 MiB a freeze record may hold"),
            (fifo, "is not a regular file"), (folder, "is not a regular file"),
        ]
        for (file, problem) in cases {
            let clock = ReadClock()
            let run = try CommandRun.strata("check", "--sources", tree, "--frozen", file)
            #expect(clock.elapsed().wall < 30)
            #expect(run.status == 2, "\(run.standardError)")
            #expect(run.standardError.contains("\(file) is not a file `strata freeze` wrote (\(file) \(problem))"))
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: huge)
        #expect((attributes[.size] as? NSNumber)?.intValue == FrozenVersions.sizeLimit + (1 << 20))
    }

    /// A freeze record damaged one way: bytes, truncation, wrong types, absurd sizes, deep nesting.
    static func mutateJSON(_ record: [UInt8], random: inout SplitMix) -> ([UInt8], String) {
        var bytes = record
        let text = String(decoding: bytes, as: UTF8.self)
        switch random.below(9) {
        case 0:
            for _ in 0..<(1 + random.below(8)) { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
            return (bytes, "bit flips")
        case 1:
            let cut = random.below(bytes.count)
            return (Array(bytes.prefix(cut)), "truncated at \(cut)")
        case 2:
            let values = ["1", "null", "[]", "{}", "true", "\"x\"", "-1e308", "18446744073709551616"]
            let value = values[random.below(values.count)]
            let keys = [
                "\"format\"", "\"plan\"", "\"versions\"", "\"entities\"", "\"version\"", "\"name\"",
                "\"attributes\"", "\"type\"",
            ]
            let key = keys[random.below(keys.count)]
            guard let range = text.range(of: key + " : ") ?? text.range(of: key + ":") else { return (bytes, "no key") }
            var changed = text
            let rest = changed[range.upperBound...]
            let end = rest.firstIndex { $0 == "," || $0 == "\n" } ?? rest.endIndex
            changed.replaceSubrange(range.upperBound..<end, with: value)
            return (Array(changed.utf8), "\(key) made \(value)")
        case 3:
            let huge = String(repeating: "x", count: 1 << (10 + random.below(13)))
            return (
                Array(text.replacingOccurrences(of: "\"Note\"", with: "\"\(huge)\"").utf8),
                "names made \(huge.count) long"
            )
        case 4:
            let depth = 10_000
            return (
                Array(
                    ("{\"format\":\"strata.freeze/1\",\"plan\":" + String(repeating: "[", count: depth)
                        + String(repeating: "]", count: depth) + "}").utf8), "nested 10,000 deep"
            )
        case 5:
            let entries = Array(
                repeating: "{\"version\":\"1.0.0\",\"schemaType\":\"S\",\"fingerprint\":\"f\",\"entities\":[]}",
                count: 5_000)
            return (
                Array(
                    ("{\"format\":\"strata.freeze/1\",\"plan\":\"P\",\"versions\":[" + entries.joined(separator: ",")
                        + "]}").utf8), "5,000 versions"
            )
        case 6:
            return ([0xFF, 0xFE] + bytes, "a UTF-16 byte order mark")
        case 7:
            return (
                Array(text.replacingOccurrences(of: "strata.freeze/1", with: "strata.freeze/999").utf8), "format 999"
            )
        default:
            // A version recorded twice.
            guard let start = text.range(of: "\"versions\" : [") ?? text.range(of: "\"versions\":[") else {
                return (bytes, "no versions")
            }
            var changed = text
            let body = text[start.upperBound...]
            if let end = body.range(of: "\n    }") {
                changed.insert(contentsOf: text[start.upperBound..<end.upperBound] + ",", at: start.upperBound)
            }
            return (Array(changed.utf8), "a version recorded twice")
        }
    }

    /// A Swift file damaged one way: token streams, unbalanced braces, deep nesting, huge literals, invalid UTF-8.
    static func mutateSwift(_ source: [UInt8], random: inout SplitMix) -> ([UInt8], String) {
        var bytes = source
        switch random.below(8) {
        case 0:
            let tokens = [
                "{", "}", "(", ")", "[", "]", "@Model", "class", "var", "let", "enum", "case", "static",
                "VersionedSchema", "SchemaMigrationPlan", ":", ",", "=", "\"", "#if", "#endif", "\n", "x", ".",
            ]
            let stream = (0..<(100 + random.below(2000))).map { _ in tokens[random.below(tokens.count)] }
            return (Array(stream.joined(separator: " ").utf8), "a random token stream")
        case 1:
            let at = random.below(bytes.count + 1)
            bytes.insert(
                contentsOf: Array(
                    String(repeating: random.below(2) == 0 ? "{" : "}", count: 1 + random.below(50)).utf8), at: at)
            return (bytes, "unbalanced braces at \(at)")
        case 2:
            let kind = random.below(4)
            let depth = 10_000
            let open = ["(", "[", "{", "f("][kind]
            let close = [")", "]", "}", ")"][kind]
            let text =
                "let deep = " + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                + "\n"
            return (bytes + Array(text.utf8), "nested 10,000 deep with \(open)")
        case 3:
            let depth = 10_000
            let text =
                random.below(2) == 0
                ? "let chain = x" + String(repeating: ".y", count: depth) + "\n"
                : "let sum = 1" + String(repeating: " + 1", count: depth) + "\n"
            return (bytes + Array(text.utf8), "nested 10,000 long chain")
        case 4:
            let text =
                "let big = \"" + String(repeating: "a", count: 1 << 20) + "\"\nlet n = "
                + String(repeating: "9", count: 100_000) + "\n"
            return (bytes + Array(text.utf8), "huge literals")
        case 5:
            let at = random.below(bytes.count + 1)
            bytes.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xFE, 0x80], at: at)
            return (bytes, "invalid UTF-8 at \(at)")
        case 6:
            let cut = random.below(bytes.count + 1)
            return (Array(bytes.prefix(cut)), "truncated at \(cut)")
        default:
            for _ in 0..<(1 + random.below(8)) where !bytes.isEmpty {
                bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
            }
            return (bytes, "bit flips")
        }
    }
}
