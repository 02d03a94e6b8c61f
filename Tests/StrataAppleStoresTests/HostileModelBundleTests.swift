import AppleStoreFixtures
import Foundation
import StrataAppleStores
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Model bundles as strangers' repositories hold them: entity bombs, external entities, and a deterministic seeded
/// mutation run over the real bundles in the repository (docs/SAFETY.md, "Hostile input").
///
/// `MutationProfile` says how many mutations run, from which seed, and how many go through `strata`.
@Suite(.serialized) struct HostileModelBundleTests {
    /// A billion-laughs bomb is refused before any parser expands it: quickly, and without the expansion anywhere.
    @Test func entityBombIsRefusedUnexpanded() throws {
        let folder = try ModelFolder()
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<!DOCTYPE model [", "<!ENTITY lol \"lol\">"]
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            lines.append("<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">")
        }
        lines += [
            "]>", "<model type=\"com.apple.IDECoreDataModeler.DataModel\">", "<entity name=\"&lol9;\"/>", "</model>",
        ]
        let bundle = try HostileBundle.write(contents: lines.joined(separator: "\n"), in: folder.url)
        let started = Date()
        let message = HostileBundle.readError(bundle)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(message?.contains("<!ENTITY") == true, "\(message ?? "read")")
        #expect(message?.contains("contents") == true)
        #expect(message?.contains("lollol") == false)
        let run = try HostileBundle.strata(["check", "--model", bundle.path])
        #expect(run.status == 2, "\(run.error)")
        #expect(!run.output.contains("lollol") && !run.error.contains("lollol"))
        #expect(run.error.contains(bundle.path))
        #expect(run.seconds < 20)
    }

    /// External entities (a file, an http URL) are refused unread; an external DTD (allowed: mapping models name
    /// one) is neither opened (a FIFO nobody opens for reading) nor fetched (a listening socket nobody connects to).
    @Test func externalEntitiesAreNeitherReadNorFetched() throws {
        let folder = try ModelFolder()
        let listener = try Listener()
        defer { listener.close() }
        let fifo = folder.url.appendingPathComponent("model.dtd")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let watcher = FifoWatcher(path: fifo.path)
        watcher.start(path: fifo.path)
        defer { watcher.stop() }
        let entity = "<model type=\"com.apple.IDECoreDataModeler.DataModel\"><entity name=\"A\">&x;</entity></model>"
        let documents = [
            "<?xml version=\"1.0\"?>\n<!DOCTYPE model [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n" + entity,
            "<?xml version=\"1.0\"?>\n<!DOCTYPE model [<!ENTITY x SYSTEM \"http://127.0.0.1:\(listener.port)/x\">]>\n"
                + entity,
            "<?xml version=\"1.0\"?>\n<!DOCTYPE model SYSTEM \"file://\(fifo.path)\">\n" + entity,
            "<?xml version=\"1.0\"?>\n<!DOCTYPE model SYSTEM \"http://127.0.0.1:\(listener.port)/model.dtd\">\n"
                + entity,
            // Accepted by the check (no entity): the parser itself must not load the DTD it names.
            "<?xml version=\"1.0\"?>\n<!DOCTYPE model SYSTEM \"file://\(fifo.path)\">\n"
                + "<model type=\"com.apple.IDECoreDataModeler.DataModel\"><entity name=\"A\" representedClassName=\"A\"/></model>",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE model SYSTEM \"http://127.0.0.1:\(listener.port)/model.dtd\">\n"
                + "<model type=\"com.apple.IDECoreDataModeler.DataModel\"><entity name=\"A\" representedClassName=\"A\"/></model>",
            // Another encoding cannot hide a declaration from the check.
            "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<model/>",
        ]
        for (index, document) in documents.enumerated() {
            let bundle = try HostileBundle.write(contents: document, in: folder.url, name: "M\(index)")
            let finished = DispatchSemaphore(value: 0)
            let box = MessageBox()
            Thread {
                box.message = HostileBundle.readError(bundle)
                finished.signal()
            }.start()
            #expect(finished.wait(timeout: .now() + 10) == .success, "document \(index) still being read")
            if index < 4 || index == 6 {
                #expect(box.message?.contains(bundle.path) == true, "document \(index): \(box.message ?? "read")")
            }
            #expect(box.message?.contains("root:") != true)
        }
        let run = try HostileBundle.strata([
            "check", "--model", folder.url.appendingPathComponent("M0.xcdatamodeld").path,
        ])
        #expect(run.status == 2 && !run.output.contains("root:") && !run.error.contains("root:"))
        #expect(!watcher.opened, "the external DTD (a FIFO) was opened")
        #expect(!listener.connected, "an http external entity or DTD was fetched")
    }

    /// Elements nested 100,000 deep are refused at `XMLTree.maximumDepth` with the file and line.
    @Test func deepNestingIsRefused() throws {
        let folder = try ModelFolder()
        let depth = 100_000
        let document =
            "<?xml version=\"1.0\"?>\n<model>" + String(repeating: "<a>", count: depth)
            + String(repeating: "</a>", count: depth) + "</model>"
        let bundle = try HostileBundle.write(contents: document, in: folder.url)
        let message = HostileBundle.readError(bundle)
        #expect(message?.contains(bundle.path) == true, "\(message ?? "read")")
    }

    /// The seeded mutation run (quick profile in `swift test`): every mutated bundle is read or refused with a
    /// message naming a file of it, quickly, leaving every file byte-identical; a sample goes through `strata`.
    @Test func mutatedBundlesAreReadOrRefused() throws {
        let profile = MutationProfile(quick: 200, cliEvery: 40)
        print("model bundle mutations: STRATA_MUTATION_SEED=\(profile.seed) STRATA_MUTATIONS=\(profile.count)")
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-hostile-sources-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        let sources = try HostileBundle.sources(staging: staging)
        var failures: [String] = []
        var refused = 0
        var slowest = 0.0
        for index in 0..<profile.count {
            let seed = profile.seed(of: index)
            var random = SplitMix(seed: seed)
            let folder = try ModelFolder()
            let source = sources[Int(random.next() % UInt64(sources.count))]
            try FileManager.default.copyItem(at: source.folder, to: folder.url.appendingPathComponent("m"))
            let root = folder.url.appendingPathComponent("m")
            let bundle = root.appendingPathComponent(source.bundle)
            let what = try ModelMutation.apply(to: root, random: &random)
            let before = try HostileBundle.snapshot(folder.url)
            let replay = "replay: STRATA_MUTATION_SEED=\(seed) STRATA_MUTATIONS=1 (\(what))"
            let started = Date()
            let message = HostileBundle.readError(bundle)
            let seconds = Date().timeIntervalSince(started)
            slowest = max(slowest, seconds)
            if message != nil { refused += 1 }
            if seconds > 5 { failures.append("\(replay): took \(seconds) s") }
            if let message, !message.contains(root.path) {
                failures.append("\(replay): the message names no file of the bundle: \(message)")
            }
            if try HostileBundle.snapshot(folder.url) != before {
                failures.append("\(replay): a file changed or was left behind")
            }
            if profile.throughStrata(index) {
                let run = try HostileBundle.strata(["check", "--model", bundle.path])
                if run.killed || ![0, 1, 2].contains(run.status) || run.seconds > 30 {
                    failures.append("\(replay): strata ended \(run.status) killed \(run.killed): \(run.error)")
                }
                if message != nil && (run.status != 2 || !run.error.contains(root.path)) {
                    failures.append("\(replay): strata exited \(run.status) without naming the file: \(run.error)")
                }
                if !run.leftBehind.isEmpty { failures.append("\(replay): strata left \(run.leftBehind)") }
                if try HostileBundle.snapshot(folder.url) != before {
                    failures.append("\(replay): strata changed a file")
                }
            }
        }
        print("model bundle mutations: \(profile.count) run, \(refused) refused, slowest \(slowest) s")
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}

/// The message a reader's refusal carries (nil when read).
final class MessageBox: @unchecked Sendable {
    var message: String?
}

/// Writing, reading and running hostile bundles.
enum HostileBundle {
    /// A bundle the mutations start from: a folder copied whole and the bundle's path inside it.
    struct Source {
        let folder: URL
        let bundle: String
    }

    /// The real bundles: Tests/CoreDataModels (with the Tasks mapping model) and each model XML of
    /// Tests/Fixtures/AppleStores, written as a one-version bundle into `staging` (the caller's, removed by it).
    static func sources(staging: URL) throws -> [Source] {
        var sources: [Source] = [
            Source(folder: ModelBundleFixtures.folder.appendingPathComponent("Tasks"), bundle: "Tasks.xcdatamodeld"),
            Source(
                folder: ModelBundleFixtures.folder.appendingPathComponent("Journal"), bundle: "Journal.xcdatamodeld"),
            Source(
                folder: ModelBundleFixtures.folder.appendingPathComponent("Shelves"), bundle: "Shelves.xcdatamodeld"),
        ]
        let stores = ModelBundleFixtures.folder.deletingLastPathComponent().appendingPathComponent(
            "Fixtures/AppleStores")
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: stores.path)) ?? [] {
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: stores.appendingPathComponent(folder).path)) ?? []
            for file in files.sorted() where file.hasSuffix(".xml") {
                let target = staging.appendingPathComponent(file)
                _ = try write(
                    contents: String(
                        decoding: try Data(
                            contentsOf: stores.appendingPathComponent(folder).appendingPathComponent(file)),
                        as: UTF8.self),
                    in: target, name: "Model")
                sources.append(Source(folder: target, bundle: "Model.xcdatamodeld"))
            }
        }
        return sources
    }

    /// Writes `contents` as the only version of `NAME.xcdatamodeld` in `folder`; returns the bundle.
    static func write(contents: String, in folder: URL, name: String = "Model") throws -> URL {
        let bundle = folder.appendingPathComponent("\(name).xcdatamodeld")
        let version = bundle.appendingPathComponent("\(name).xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: version.appendingPathComponent("contents"))
        return bundle
    }

    /// Reads the bundle as `strata check --model` does (bundle, plan, checks, lint); the refusal's message or nil.
    static func readError(_ bundle: URL) -> String? {
        do {
            let model = try ModelBundle(url: bundle)
            let plan = ModelBundlePlan(bundle: model)
            _ = plan.check()
            _ = ModelLint(plan: plan).findings
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Every file under `folder` by relative path, with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            } else {
                files[path + "/"] = Data()
            }
        }
        return files
    }

    /// How a `strata` run ended.
    struct Run {
        let status: Int32
        let killed: Bool
        let output: String
        let error: String
        let seconds: Double
        /// What the run left in its own temporary folder (`TMPDIR`).
        let leftBehind: [String]
    }

    /// Runs the built `strata` with `arguments`, its `TMPDIR` a fresh empty folder; kills it after 60 s.
    static func strata(_ arguments: [String]) throws -> Run {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let process = Process()
        process.executableURL = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("strata")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let started = Date()
        try process.run()
        let timer = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: timer)
        let errorBox = MessageBox()
        let errorDone = DispatchSemaphore(value: 0)
        let errorHandle = error.fileHandleForReading
        Thread {
            errorBox.message = String(decoding: errorHandle.readDataToEndOfFile(), as: UTF8.self)
            errorDone.signal()
        }.start()
        let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        errorDone.wait()
        process.waitUntilExit()
        timer.cancel()
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        return Run(
            status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
            output: String(decoding: standardOutput, as: UTF8.self), error: errorBox.message ?? "",
            seconds: Date().timeIntervalSince(started), leftBehind: left)
    }
}

/// The ways a model bundle is damaged and crafted, applied to one file of a copied bundle.
enum ModelMutation {
    /// Damages one file under `root` (a `contents`, `.xccurrentversion` or `xcmapping.xml`); says what it did.
    static func apply(to root: URL, random: inout SplitMix) throws -> String {
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name == "contents" || name == ".xccurrentversion" || name == "xcmapping.xml" { files.append(path) }
        }
        files.sort()
        let path = files[random.below(files.count)]
        let url = root.appendingPathComponent(path)
        var bytes = [UInt8](try Data(contentsOf: url))
        var text: String { String(decoding: bytes, as: UTF8.self) }
        func lines() -> [String] { text.components(separatedBy: "\n") }
        func setLines(_ new: [String]) { bytes = Array(new.joined(separator: "\n").utf8) }
        let kind = random.below(16)
        let what: String
        switch kind {
        case 0:
            let flips = 1 + random.below(8)
            for _ in 0..<flips where !bytes.isEmpty { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
            what = "\(flips) bit flips"
        case 1:
            let cut = random.below(bytes.count + 1)
            bytes = Array(bytes.prefix(cut))
            what = "truncated at \(cut)"
        case 2:
            var all = lines()
            let line = random.below(all.count)
            all.remove(at: line)
            setLines(all)
            what = "line \(line + 1) deleted"
        case 3:
            var all = lines()
            let line = random.below(all.count)
            all.insert(all[line], at: line)
            setLines(all)
            what = "line \(line + 1) duplicated"
        case 4:
            let names = matches(of: "<entity name=\"", in: text)
            if names.count >= 2 {
                let first = names[random.below(names.count)]
                let second = names[random.below(names.count)]
                var all = text
                all = withParent(all, entity: first, parent: second)
                all = withParent(all, entity: second, parent: first)
                bytes = Array(all.utf8)
                what = "parent cycle \(first) <-> \(second)"
            } else {
                what = "no entities to cycle"
            }
        case 5:
            let targets = matches(of: "destinationEntity=\"", in: text)
            if let target = targets.isEmpty ? nil : targets[random.below(targets.count)] {
                bytes = Array(
                    text.replacingOccurrences(
                        of: "destinationEntity=\"\(target)\"", with: "destinationEntity=\"Missing\(random.below(99))\""
                    ).utf8)
                what = "relationships to \(target) point to a missing entity"
            } else {
                what = "no relationships"
            }
        case 6:
            let names = matches(of: "name=\"", in: text)
            if let name = names.isEmpty ? nil : names[random.below(names.count)] {
                let huge = String(repeating: "N", count: 1 << (10 + random.below(11)))
                bytes = Array(text.replacingOccurrences(of: "name=\"\(name)\"", with: "name=\"\(huge)\"").utf8)
                what = "name \(name) made \(huge.count) characters"
            } else {
                what = "no names"
            }
        case 7:
            let bundle = root.appendingPathComponent(
                (files.first { $0.hasSuffix(".xcdatamodeld/.xccurrentversion") || $0.contains(".xcdatamodeld/") }
                    ?? path)
                    .components(separatedBy: ".xcdatamodeld")[0] + ".xcdatamodeld")
            let target = bundle.appendingPathComponent(".xccurrentversion")
            let choices = [
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>_XCCurrentVersionName</key><string>Nothing.xcdatamodel</string></dict></plist>",
                "<plist version=\"1.0\"><dict><key>_XCCurrentVersionName</key><integer>7</integer></dict></plist>",
                "", "bplist00garbage", String(repeating: "<array>", count: 5000),
            ]
            let choice = random.below(choices.count)
            try Data(choices[choice].utf8).write(to: target)
            return ".xccurrentversion replaced by choice \(choice)"
        case 8:
            var all = text
            for key in ["sourcemodelpath", "destinationmodelpath"] where random.below(2) == 0 {
                if let range = all.range(of: "\"\(key)\" type=\"string\">"),
                    let end = all[range.upperBound...].range(of: "</attribute>")
                {
                    all.replaceSubrange(
                        range.upperBound..<end.lowerBound, with: "Nowhere/Nothing \(random.below(9)).xcdatamodel")
                }
            }
            bytes = Array(all.utf8)
            what = "mapping model versions renamed to missing ones"
        case 9:
            let at = random.below(bytes.count + 1)
            bytes.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xFE, 0x80], at: at)
            what = "invalid UTF-8 at \(at)"
        case 10:
            let at = text.range(of: "?>").map { text.distance(from: text.startIndex, to: $0.upperBound) } ?? 0
            var all = Array(text)
            all.insert(
                contentsOf: "\n<!DOCTYPE model [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>",
                at: at)
            bytes = Array(String(all).utf8)
            what = "entity declarations inserted"
        case 11:
            var all = lines()
            let a = random.below(all.count)
            let b = random.below(all.count)
            all.swapAt(a, b)
            setLines(all)
            what = "lines \(a + 1) and \(b + 1) swapped"
        case 12:
            var all = lines()
            let depth = 1 + random.below(2000)
            let line = random.below(all.count)
            all.insert(String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth), at: line)
            setLines(all)
            what = "\(depth) nested elements at line \(line + 1)"
        case 13:
            let all = text.replacingOccurrences(
                of: "attributeType=\"",
                with: "attributeType=\"\(["Blob", "", "Integer 128", "\u{202E}x"][random.below(4)])")
            bytes = Array(all.utf8)
            what = "attribute types garbled"
        case 14:
            try FileManager.default.removeItem(at: url)
            return "\(path) removed"
        default:
            let names = matches(of: "<entity name=\"", in: text)
            if let name = names.isEmpty ? nil : names[random.below(names.count)],
                let range = text.range(of: "<entity name=\"\(name)\""),
                let end = text[range.lowerBound...].range(of: "</entity>")
            {
                var all = text
                all.insert(contentsOf: "\n" + text[range.lowerBound..<end.upperBound], at: end.upperBound)
                bytes = Array(all.utf8)
                what = "entity \(name) duplicated"
            } else {
                what = "no entity to duplicate"
            }
        }
        try Data(bytes).write(to: url)
        return "\(path): \(what)"
    }

    /// The values of the attributes introduced by `prefix` (`name="`), in order.
    static func matches(of prefix: String, in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let range = rest.range(of: prefix) {
            let value = rest[range.upperBound...].prefix { $0 != "\"" }
            found.append(String(value))
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// `text` with entity `entity`'s parent set to `parent`.
    static func withParent(_ text: String, entity: String, parent: String) -> String {
        text.replacingOccurrences(
            of: "<entity name=\"\(entity)\"", with: "<entity name=\"\(entity)\" parentEntity=\"\(parent)\"")
    }
}

/// A TCP socket listening on 127.0.0.1 that records whether anything connected.
final class Listener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else { throw CocoaError(.fileWriteUnknown) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
    }

    /// Whether a connection waits to be accepted (the kernel completes it without `accept`).
    var connected: Bool {
        let client = accept(descriptor, nil, nil)
        if client >= 0 { Glibc.close(client) }
        return client >= 0
    }

    func close() { _ = Glibc.close(descriptor) }
}

/// Watches a FIFO: a reader blocked opening it lets a non-blocking writer open it, which this records.
final class FifoWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var sawReader = false
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {}

    /// Starts polling `path` on a thread of its own.
    func start(path: String) {
        Thread { [self] in
            while !lock.withLock({ stopped }) {
                let writer = open(path, O_WRONLY | O_NONBLOCK)
                if writer >= 0 {
                    lock.withLock { sawReader = true }
                    Glibc.close(writer)
                }
                usleep(2000)
            }
            done.signal()
        }.start()
    }

    /// Whether anything opened the FIFO for reading.
    var opened: Bool { lock.withLock { sawReader } }

    func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }
}
