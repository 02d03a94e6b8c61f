import AppleStoreFixtures
import Foundation
import GRDB
import StrataAppleStores
import Testing

/// Damaged copies of a real store: each gives an `AppleStoreError` naming what is wrong, never a crash or a hang.
@Suite
struct CorruptStoreTests {
    /// A writable copy of a store without a -wal, changed by `change` (run on the copy only).
    private func damagedCopy(_ fixtures: Fixtures, _ change: (Database) throws -> Void) throws -> URL {
        let url = fixtures.directory.appendingPathComponent("damaged-\(UUID().uuidString).sqlite")
        try FileManager.default.copyItem(at: fixtures.url("coredata-easylife/EasyLife_1.3.0.sqlite"), to: url)
        let queue = try DatabaseQueue(path: url.path)
        try queue.write(change)
        try queue.close()
        return url
    }

    private func expectError(_ url: URL, containing text: String) {
        do {
            _ = try AppleStore(url: url)
            Issue.record("\(url.lastPathComponent) opened although it is damaged")
        } catch let error as AppleStoreError {
            #expect(error.description.contains(text), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    private func withModelCache(_ fixtures: Fixtures, _ content: Data) throws -> URL {
        try damagedCopy(fixtures) { db in
            try db.execute(sql: "UPDATE Z_MODELCACHE SET Z_CONTENT = ?", arguments: [content])
        }
    }

    @Test func handMadeArchiveReads() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let store = try AppleStore(
            url: withModelCache(fixtures, rawDeflate(ArchiveXML.model(superOfA: 0, superOfB: 6))))
        #expect(store.entityNames == ["A", "B"])
        #expect(store.model.entity(named: "B")?.parent == "A")
        #expect(store.model.allAttributes(of: "B").map(\.name) == ["blob"])
        #expect(store.schema().notes.contains { $0.entity == "B" && $0.message.contains("inherits from A") })
    }

    @Test func inheritanceCycle() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        expectError(
            try withModelCache(fixtures, rawDeflate(ArchiveXML.model(superOfA: 7, superOfB: 6))), containing: "cycle")
    }

    @Test func defaultValueThatContainsItself() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let selfContaining =
            "<dict><key>NS.objects</key><array>\(ArchiveXML.uid(10))</array><key>$class</key>\(ArchiveXML.uid(15))</dict>"
        expectError(
            try withModelCache(
                fixtures, rawDeflate(ArchiveXML.model(superOfA: 0, superOfB: 0, defaultValue: selfContaining))),
            containing: "cycle")
    }

    @Test func danglingReferences() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        expectError(
            try withModelCache(fixtures, rawDeflate(ArchiveXML.model(superOfA: 999, superOfB: 0))),
            containing: "dangles")
        let dangling =
            "<dict><key>NS.objects</key><array>\(ArchiveXML.uid(4096))</array><key>$class</key>\(ArchiveXML.uid(15))</dict>"
        expectError(
            try withModelCache(
                fixtures, rawDeflate(ArchiveXML.model(superOfA: 0, superOfB: 0, defaultValue: dangling))),
            containing: "dangles")
    }

    @Test func wrongTypesInTheArchive() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        // Entity A's superentity is the string "A": not an entity.
        expectError(
            try withModelCache(fixtures, rawDeflate(ArchiveXML.model(superOfA: 4, superOfB: 0))),
            containing: "not an entity")
        expectError(
            try withModelCache(fixtures, rawDeflate(Data("not a property list".utf8))),
            containing: "not a property list")
        let notAnArchive = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        expectError(try withModelCache(fixtures, rawDeflate(notAnArchive)), containing: "NSKeyedArchiver")
    }

    @Test func damagedDeflateStreams() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let original = try Fixtures.sqlite(fixtures.url("coredata-easylife/EasyLife_1.3.0.sqlite")) { db in
            try Data.fetchOne(db, sql: "SELECT Z_CONTENT FROM Z_MODELCACHE") ?? Data()
        }
        expectError(try withModelCache(fixtures, original.prefix(original.count / 2)), containing: "Z_MODELCACHE")
        expectError(try withModelCache(fixtures, Data(repeating: 0xFF, count: 64)), containing: "DEFLATE")
        expectError(try withModelCache(fixtures, Data()), containing: "Z_MODELCACHE")
        var flipped = original
        for index in stride(from: 10, to: flipped.count, by: 7) { flipped[index] ^= 0x5A }
        expectError(try withModelCache(fixtures, flipped), containing: "Z_MODELCACHE")
        expectError(
            try damagedCopy(fixtures) { try $0.execute(sql: "DELETE FROM Z_MODELCACHE") }, containing: "Z_MODELCACHE")
    }

    @Test func damagedMetadataPlist() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        expectError(
            try damagedCopy(fixtures) {
                try $0.execute(sql: "UPDATE Z_METADATA SET Z_PLIST = ?", arguments: [Data("bplist00garbage".utf8)])
            },
            containing: "Z_METADATA")
        let noHashes = try PropertyListSerialization.data(
            fromPropertyList: ["NSStoreType": "SQLite"], format: .binary, options: 0)
        expectError(
            try damagedCopy(fixtures) {
                try $0.execute(sql: "UPDATE Z_METADATA SET Z_PLIST = ?", arguments: [noHashes])
            },
            containing: "NSStoreModelVersionHashes")
        expectError(
            try damagedCopy(fixtures) { try $0.execute(sql: "DELETE FROM Z_METADATA") }, containing: "Z_METADATA")
    }

    @Test func truncatedFiles() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let data = try Data(contentsOf: fixtures.url("coredata-easylife/EasyLife_1.5.0.sqlite"))
        for length in [0, 10, 100, 4096, 20000, data.count - 4096] {
            let url = fixtures.directory.appendingPathComponent("truncated-\(length).sqlite")
            try data.prefix(length).write(to: url)
            do {
                let store = try AppleStore(url: url)
                for entity in store.entityNames { _ = try store.rows(of: entity) }
                // Only the header is sure to be read: a cut page no query touches goes unnoticed, as in SQLite.
                #expect(length > 100, "a store truncated to \(length) bytes opened")
            } catch let error as AppleStoreError {
                #expect(error.description.contains(url.path))
            }
        }
        let walOnly = fixtures.directory.appendingPathComponent("wal-truncated.store")
        let store = fixtures.url("swiftdata-resourcesmanager/default.store")
        try FileManager.default.copyItem(atPath: store.path, toPath: walOnly.path)
        try Data(contentsOf: URL(fileURLWithPath: store.path + "-wal")).prefix(100_000).write(
            to: URL(fileURLWithPath: walOnly.path + "-wal"))
        // A truncated -wal loses its last frames (SQLite ignores incomplete ones): it must read or fail cleanly.
        do { _ = try AppleStore(url: walOnly).rowCounts() } catch is AppleStoreError {}
    }
}
