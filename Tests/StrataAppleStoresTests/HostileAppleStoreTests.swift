import AppleStoreFixtures
import Foundation
import GRDB
import StrataAppleStores
import Testing

/// Store files from devices, damaged: a seeded mutation run over the real SwiftData and Core Data stores in
/// Tests/Fixtures/AppleStores (docs/SAFETY.md, "Hostile input"); `STRATA_MUTATIONS` and `STRATA_MUTATION_SEED` as
/// in HostileModelBundleTests.
@Suite(.serialized) struct HostileAppleStoreTests {
    /// Regression (found by the run): text in a root table's `Z_ENT` trapped in GRDB's typed subscript
    /// (`'try!' expression unexpectedly raised an error: could not decode Optional<Int64>`); now the rows are read
    /// as rows of no known entity, and every other column of another type reads as nil instead of trapping.
    @Test func textInAnIntegerColumnIsNotATrap() throws {
        let folder = try ModelFolder()
        let store = try Self.easyLife(in: folder)
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in
            let tables = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'Z%' AND name NOT LIKE 'Z\\_%' ESCAPE '\\'"
            )
            for table in tables where try db.columns(in: table).contains(where: { $0.name == "Z_ENT" }) {
                try db.execute(sql: "UPDATE \"\(table)\" SET Z_ENT = 'Project', Z_OPT = 'x'")
            }
        }
        try queue.close()
        do {
            let apple = try AppleStore(url: store)
            for entity in apple.entityNames { _ = try? apple.rows(of: entity) }
            #expect(!apple.unmatchedRows.isEmpty)
        } catch {
            #expect("\(error)".contains(store.path), "\(error)")
        }
    }

    /// Regression (found by the long run, seeds 250885, 252284 and 256575): a bit flip that turns a binary plist's
    /// dictionary marker (`0xD6`) into a set's (`0xC6`) in `Z_METADATA` crashed Foundation bridging the set (signal
    /// 11); a binary list holding a set is now refused naming the store before Foundation reads it.
    @Test func aSetInTheMetadataPlistIsRefusedNotACrash() throws {
        let folder = try ModelFolder()
        let store = try Self.easyLife(in: folder)
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in
            var plist = [UInt8](try Data.fetchOne(db, sql: "SELECT Z_PLIST FROM Z_METADATA") ?? Data())
            #expect(plist.starts(with: Array("bplist00".utf8)) && plist[8] == 0xD6)
            plist[8] = 0xC6
            try db.execute(sql: "UPDATE Z_METADATA SET Z_PLIST = ?", arguments: [Data(plist)])
        }
        try queue.close()
        let before = try Data(contentsOf: store)
        #expect {
            try AppleStore(url: store)
        } throws: { "\($0)".contains(store.path) && "\($0)".contains("holds a set (object 0)") }
        let failures = try HostileBundle.infoFailures(store, replay: "the set")
        #expect(failures.isEmpty, "\(failures)")
        #expect(try Data(contentsOf: store) == before)
    }

    /// A copy of EasyLife's store (a real Core Data store) in `folder`, as `store.sqlite`.
    static func easyLife(in folder: ModelFolder) throws -> URL {
        let store = folder.url.appendingPathComponent("store.sqlite")
        let fixtures = ModelBundleFixtures.folder.deletingLastPathComponent().appendingPathComponent(
            "Fixtures/AppleStores")
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("coredata-easylife/EasyLife.sqlite"), to: store)
        return store
    }

    /// Bit flips, truncation at a page boundary, pages swapped or zeroed: each store opens and reads, or is refused
    /// naming the file, quickly, and is left byte-identical with nothing added beside it; every 40th also through
    /// `strata info` with a `TMPDIR` of its own, which must be empty afterwards.
    @Test func mutatedStoresAreReadOrRefused() throws {
        let profile = MutationProfile(quick: 120, cliEvery: 40)
        print("Apple store mutations: STRATA_MUTATION_SEED=\(profile.seed) STRATA_MUTATIONS=\(profile.count)")
        let fixtures = ModelBundleFixtures.folder.deletingLastPathComponent().appendingPathComponent(
            "Fixtures/AppleStores")
        let stores = [
            "coredata-easylife/EasyLife_1.3.0.sqlite", "coredata-easylife/EasyLife.sqlite",
            "coredata-bnr-coredatastack/TestModel.sqlite", "swiftdata-freezeray/App-1_0_0.sqlite",
            "coredata-wire/store1-25.wiredatabase",
        ].filter { FileManager.default.fileExists(atPath: fixtures.appendingPathComponent($0).path) }
        try #require(!stores.isEmpty)
        // Read once: every mutation starts from the same bytes.
        let originals = try stores.map { [UInt8](try Data(contentsOf: fixtures.appendingPathComponent($0))) }
        var failures: [String] = []
        var refused = 0
        var slowest = 0.0
        var longest = 0.0
        for index in 0..<profile.count {
            let seed = profile.seed(of: index)
            var random = SplitMix(seed: seed)
            let folder = try ModelFolder()
            let chosen = random.below(stores.count)
            let name = stores[chosen]
            var bytes = originals[chosen]
            let page = 4096
            let pages = max(1, bytes.count / page)
            let what: String
            switch random.below(5) {
            case 0:
                let flips = 1 + random.below(16)
                for _ in 0..<flips { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
                what = "\(flips) bit flips"
            case 1:
                let cut = random.below(pages) * page
                bytes = Array(bytes.prefix(cut))
                what = "truncated at page \(cut / page)"
            case 2:
                let a = random.below(pages)
                let b = random.below(pages)
                if a != b && (b + 1) * page <= bytes.count && (a + 1) * page <= bytes.count {
                    let first = Array(bytes[(a * page)..<((a + 1) * page)])
                    bytes.replaceSubrange((a * page)..<((a + 1) * page), with: bytes[(b * page)..<((b + 1) * page)])
                    bytes.replaceSubrange((b * page)..<((b + 1) * page), with: first)
                }
                what = "pages \(a) and \(b) swapped"
            case 3:
                let at = random.below(pages) * page
                let end = min(bytes.count, at + page)
                bytes.replaceSubrange(at..<end, with: repeatElement(0, count: end - at))
                what = "page \(at / page) zeroed"
            default:
                let at = random.below(pages) * page
                for offset in at..<min(bytes.count, at + page) {
                    bytes[offset] = UInt8(truncatingIfNeeded: random.next())
                }
                what = "page \(at / page) random"
            }
            let store = folder.url.appendingPathComponent("store.sqlite")
            try Data(bytes).write(to: store)
            let before = try FolderSnapshot.of(folder.url.path)
            let replay = "replay: STRATA_MUTATION_SEED=\(seed) STRATA_MUTATIONS=1 (\(name): \(what))"
            let clock = ReadClock()
            do {
                let apple = try AppleStore(url: store)
                for entity in apple.entityNames.prefix(8) { _ = try? apple.rows(of: entity, limit: 20) }
                _ = try? apple.rowCounts()
            } catch {
                refused += 1
                if !"\(error)".contains(store.path) && !"\(error)".contains("store.sqlite") {
                    failures.append("\(replay): names no file: \(error)")
                }
            }
            let time = clock.elapsed()
            slowest = max(slowest, time.work)
            longest = max(longest, time.wall)
            if let problem = time.problem(limit: 10) { failures.append("\(replay): \(problem)") }
            if profile.throughStrata(index) { failures += try HostileBundle.infoFailures(store, replay: replay) }
            if try FolderSnapshot.of(folder.url.path) != before {
                failures.append("\(replay): the store changed or a file was left beside it")
            }
        }
        print(
            "Apple store mutations: \(profile.count) run, \(refused) refused, slowest \(slowest) s of work, longest \(longest) s"
        )
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
