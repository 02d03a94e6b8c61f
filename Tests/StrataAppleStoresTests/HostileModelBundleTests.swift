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
        let watcher = FifoWatcher()
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
        var longest = 0.0
        for index in 0..<profile.count {
            let seed = profile.seed(of: index)
            var random = SplitMix(seed: seed)
            let folder = try ModelFolder()
            let source = sources[Int(random.next() % UInt64(sources.count))]
            try FileManager.default.copyItem(at: source.folder, to: folder.url.appendingPathComponent("m"))
            let root = folder.url.appendingPathComponent("m")
            let bundle = root.appendingPathComponent(source.bundle)
            let what = try ModelMutation.apply(to: root, random: &random)
            let before = try FolderSnapshot.of(folder.url.path)
            let replay = "replay: STRATA_MUTATION_SEED=\(seed) STRATA_MUTATIONS=1 (\(what))"
            let clock = ReadClock()
            let message = HostileBundle.readError(bundle)
            let time = clock.elapsed()
            slowest = max(slowest, time.work)
            longest = max(longest, time.wall)
            if message != nil { refused += 1 }
            if let problem = time.problem(limit: 5) { failures.append("\(replay): \(problem)") }
            if let message, !message.contains(root.path) {
                failures.append("\(replay): the message names no file of the bundle: \(message)")
            }
            if try FolderSnapshot.of(folder.url.path) != before {
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
                if try FolderSnapshot.of(folder.url.path) != before {
                    failures.append("\(replay): strata changed a file")
                }
            }
        }
        print(
            "model bundle mutations: \(profile.count) run, \(refused) refused, slowest \(slowest) s of work, longest \(longest) s"
        )
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
