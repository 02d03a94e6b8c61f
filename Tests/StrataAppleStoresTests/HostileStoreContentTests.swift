import AppleStoreFixtures
import Foundation
import GRDB
import StrataAppleStores
import Testing

/// Store files from devices whose content is hostile rather than damaged: a seeded run (docs/SAFETY.md, "Hostile
/// input") writing into copies of the real stores a hostile `Z_METADATA` plist, a hostile model archive in
/// `Z_MODELCACHE`, `Z_PRIMARYKEY` and rows' `Z_ENT`/`Z_PK` out of range, blobs that do not decode, or a `-wal` from
/// another store. `STRATA_MUTATIONS` and `STRATA_MUTATION_SEED` as in HostileModelBundleTests.
@Suite(.serialized) struct HostileStoreContentTests {
    static let fixtures = ModelBundleFixtures.folder.deletingLastPathComponent().appendingPathComponent(
        "Fixtures/AppleStores")
    static let stores = [
        "coredata-easylife/EasyLife_1.3.0.sqlite", "coredata-easylife/EasyLife.sqlite",
        "coredata-bnr-coredatastack/TestModel.sqlite", "swiftdata-freezeray/App-1_0_0.sqlite",
        "coredata-cartkit/CartStorage_v1.sqlite", "swiftdata-cartkit/CartKitSwiftData_v1.sqlite",
    ]
    /// The `-wal` files of the fixtures, placed beside another store.
    static let wals = [
        "coredata-cartkit/CartStorage_v1.sqlite-wal", "swiftdata-cartkit/CartKitSwiftData_v1.sqlite-wal",
    ]

    /// Each store opens and reads, or is refused naming the file, within 10 s in process; every 15th also through
    /// `strata info` with a `TMPDIR` of its own, which must be empty afterwards; the store is byte-identical.
    @Test func storesWithHostileContentAreReadOrRefused() throws {
        let profile = MutationProfile(quick: 90, cliEvery: 15)
        print("Apple store content mutations: STRATA_MUTATION_SEED=\(profile.seed) STRATA_MUTATIONS=\(profile.count)")
        var failures: [String] = []
        var slowest = 0.0
        var longest = 0.0
        var refused = 0
        var reading = 0.0
        let started = Date()
        for index in 0..<profile.count {
            let seed = profile.seed(of: index)
            var random = SplitMix(seed: seed)
            let folder = try ModelFolder()
            let name = Self.stores[random.below(Self.stores.count)]
            let work = folder.url.appendingPathComponent("work")
            let target = folder.url.appendingPathComponent("store")
            for directory in [work, target] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            let copy = work.appendingPathComponent("store.sqlite")
            for suffix in ["", "-wal", "-shm"] {
                let source = Self.fixtures.appendingPathComponent(name + suffix)
                if FileManager.default.fileExists(atPath: source.path) {
                    try FileManager.default.copyItem(atPath: source.path, toPath: copy.path + suffix)
                }
            }
            let what = try HostileContent.apply(to: copy, random: &random)
            let store = target.appendingPathComponent("store.sqlite")
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: copy.path + suffix) {
                try FileManager.default.moveItem(atPath: copy.path + suffix, toPath: store.path + suffix)
            }
            if what == "a -wal from another store" {
                let wal = Self.wals[random.below(Self.wals.count)]
                try? FileManager.default.removeItem(atPath: store.path + "-wal")
                try FileManager.default.copyItem(
                    atPath: Self.fixtures.appendingPathComponent(wal).path, toPath: store.path + "-wal")
            }
            let before = try FolderSnapshot.of(target.path)
            let replay = "replay: STRATA_MUTATION_SEED=\(seed) STRATA_MUTATIONS=1 (\(name): \(what))"
            let clock = ReadClock()
            do {
                let apple = try AppleStore(url: store)
                _ = apple.schema()
                for entity in apple.entityNames.prefix(8) { _ = try? apple.rows(of: entity, limit: 20) }
                _ = try? apple.rowCounts()
            } catch {
                refused += 1
                if !"\(error)".contains(store.path) { failures.append("\(replay): names no file: \(error)") }
            }
            let time = clock.elapsed()
            slowest = max(slowest, time.work)
            longest = max(longest, time.wall)
            reading += time.wall
            if let problem = time.problem(limit: 10) { failures.append("\(replay): \(problem)") }
            if profile.throughStrata(index) { failures += try HostileBundle.infoFailures(store, replay: replay) }
            if try FolderSnapshot.of(target.path) != before {
                failures.append("\(replay): the store changed or a file was left beside it")
            }
        }
        print(
            "Apple store content mutations: \(profile.count) run, \(refused) refused, slowest \(slowest) s of work, longest \(longest) s; reads \(Int(reading)) s of \(Int(Date().timeIntervalSince(started))) s"
        )
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
