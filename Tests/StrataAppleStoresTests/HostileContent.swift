import AppleStoreFixtures
import Foundation
import GRDB

/// Hostile content written into a copy of a real Apple store, chosen by a seeded generator: what a crafted store
/// from a stranger's device could hold (HostileStoreContentTests).
enum HostileContent {
    /// Writes one hostile change into the store at `store` (a copy) and says what it was; "a -wal from another
    /// store" asks the caller to place one.
    static func apply(to store: URL, random: inout SplitMix) throws -> String {
        let kind = random.below(6)
        if kind == 5 { return "a -wal from another store" }
        let queue = try DatabaseQueue(path: store.path)
        defer { try? queue.close() }
        var generator = random
        defer { random = generator }
        return try queue.write { db in
            switch kind {
            case 0: return try metadata(db, random: &generator)
            case 1: return try modelCache(db, random: &generator)
            case 2: return try primaryKeys(db, random: &generator)
            case 3: return try rowKeys(db, random: &generator)
            default: return try blobs(db, random: &generator)
            }
        }
    }

    /// Values out of every range a key column may hold.
    static let outOfRange: [DatabaseValue] = [
        (-1).databaseValue, 0.databaseValue, Int64.max.databaseValue, Int64.min.databaseValue, 99_999.databaseValue,
        "Project".databaseValue, .null, Data([0x00, 0xFF]).databaseValue, 1e308.databaseValue,
    ]

    /// A hostile `Z_METADATA.Z_PLIST`.
    private static func metadata(_ db: Database, random: inout SplitMix) throws -> String {
        let (plist, what): (Data, String)
        switch random.below(6) {
        case 0:
            let count = 1 + random.below(4096)
            plist = Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            what = "\(count) random bytes"
        case 1:
            var bytes = [UInt8](
                try PropertyListSerialization.data(
                    fromPropertyList: ["NSStoreType": "SQLite"], format: .binary, options: 0))
            // The trailer's object count (8 bytes, 24 from the end) claims 2^40 objects.
            let at = bytes.count - 24
            for offset in 0..<8 { bytes[at + offset] = offset == 2 ? 1 : 0 }
            plist = Data(bytes)
            what = "a binary plist claiming 2^40 objects"
        case 2:
            let depth = 1000 + random.below(19_000)
            plist = Data(
                (#"<?xml version="1.0"?><plist version="1.0">"# + String(repeating: "<array>", count: depth)
                    + String(repeating: "</array>", count: depth) + "</plist>").utf8)
            what = "arrays nested \(depth) deep"
        case 3:
            let wrong: [String: Any] = [
                ["NSStoreModelVersionHashes", "NSStoreUUID", "NSStoreModelVersionIdentifiers"][random.below(3)]: [
                    ["Project": "not data"], 42, ["a": [1, 2]], "text",
                ][random.below(4)]
            ]
            plist = try PropertyListSerialization.data(fromPropertyList: wrong, format: .binary, options: 0)
            what = "keys of the wrong types"
        case 4:
            let count = 1000 + random.below(99_000)
            var hashes: [String: Any] = [:]
            for index in 0..<count { hashes["Entity\(index)"] = Data(repeating: UInt8(index & 0xFF), count: 32) }
            plist = try PropertyListSerialization.data(
                fromPropertyList: ["NSStoreModelVersionHashes": hashes, "NSStoreType": "SQLite"], format: .binary,
                options: 0)
            what = "\(count) version hashes"
        default:
            plist = try ArchiveXML.model(superOfA: 0, superOfB: 0)
            what = "a keyed archive"
        }
        try db.execute(sql: "UPDATE Z_METADATA SET Z_PLIST = ?", arguments: [plist])
        return "Z_METADATA: \(what)"
    }

    /// A hostile model archive in `Z_MODELCACHE`.
    private static func modelCache(_ db: Database, random: inout SplitMix) throws -> String {
        let uid = ArchiveXML.uid
        let (archive, what): (Data, String)
        switch random.below(6) {
        case 0:
            let superentity = 1 + random.below(15)
            let kind = [3, 4, 8, 9, 14][random.below(5)]
            archive = try ArchiveXML.model(
                superOfA: superentity, superOfB: 0,
                defaultValue: "<dict><key>NS.objects</key><array>\(uid(4))</array><key>$class</key>\(uid(kind))</dict>")
            what = "wrong classes (superentity #\(superentity), a default of class #\(kind))"
        case 1:
            let own = random.below(2) == 0
            archive = try ArchiveXML.model(superOfA: own ? 6 : 7, superOfB: own ? 0 : 6)
            what = own ? "an entity its own superentity" : "two entities each the other's superentity"
        case 2:
            let count = 1000 + random.below(299_000)
            archive = try ArchiveXML.model(
                superOfA: 0, superOfB: 0,
                defaultValue: "<dict><key>NS.objects</key><array>"
                    + String(repeating: uid(4), count: count) + "</array><key>$class</key>\(uid(15))</dict>")
            what = "a default of \(count) elements"
        case 3:
            let depth = 100 + random.below(19_900)
            let chain = (0..<depth).map { level in
                level == depth - 1
                    ? "<string>end</string>"
                    : "<dict><key>NS.objects</key><array>\(uid(17 + level))</array><key>$class</key>\(uid(15))</dict>"
            }
            archive = try ArchiveXML.model(
                superOfA: 0, superOfB: 0,
                defaultValue: "<dict><key>NS.objects</key><array>\(uid(16))</array><key>$class</key>\(uid(15))</dict>",
                extra: chain)
            what = "a default nested \(depth) deep"
        case 4:
            let dangling = [4096, 1 << 40, Int(Int32.max)][random.below(3)]
            archive = try ArchiveXML.model(superOfA: dangling, superOfB: 0)
            what = "a reference to object #\(dangling)"
        default:
            archive = try ArchiveXML.model(superOfA: 0, superOfB: 0)
            try db.execute(sql: "UPDATE Z_MODELCACHE SET Z_CONTENT = ?", arguments: [archive])
            return "Z_MODELCACHE: an archive not deflated"
        }
        try db.execute(sql: "UPDATE Z_MODELCACHE SET Z_CONTENT = ?", arguments: [try rawDeflate(archive)])
        return "Z_MODELCACHE: \(what)"
    }

    /// `Z_PRIMARYKEY` values out of range, a superentity cycle, or no rows.
    private static func primaryKeys(_ db: Database, random: inout SplitMix) throws -> String {
        let entities = try Int64.fetchAll(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY")
        guard let entity = entities.isEmpty ? nil : entities[random.below(entities.count)] else {
            return "Z_PRIMARYKEY: empty already"
        }
        switch random.below(4) {
        case 0:
            try db.execute(sql: "DELETE FROM Z_PRIMARYKEY")
            return "Z_PRIMARYKEY: no rows"
        case 1:
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_SUPER = Z_ENT")
            return "Z_PRIMARYKEY: every entity its own superentity"
        default:
            let column = ["Z_MAX", "Z_ENT", "Z_SUPER", "Z_NAME"][random.below(4)]
            let value = outOfRange[random.below(outOfRange.count)]
            // Z_ENT is the table's integer primary key: SQLite refuses other types there, leaving the row as it was.
            try? db.execute(sql: "UPDATE Z_PRIMARYKEY SET \(column) = ? WHERE Z_ENT = ?", arguments: [value, entity])
            return "Z_PRIMARYKEY: \(column) of entity \(entity) = \(value)"
        }
    }

    /// Rows' `Z_ENT`, `Z_PK`, `Z_OPT` or a to-one key out of range.
    private static func rowKeys(_ db: Database, random: inout SplitMix) throws -> String {
        let tables = try entityTables(db)
        guard !tables.isEmpty else { return "no entity table" }
        let table = tables[random.below(tables.count)]
        let columns = try db.columns(in: table).filter { $0.type.uppercased().hasPrefix("INTEGER") }.map(\.name)
        guard !columns.isEmpty else { return "\(table): no integer column" }
        let column = columns[random.below(columns.count)]
        let value = outOfRange[random.below(outOfRange.count)]
        let rows = 1 + random.below(5)
        try? db.execute(
            sql: "UPDATE \"\(table)\" SET \"\(column)\" = ? WHERE rowid IN (SELECT rowid FROM \"\(table)\" LIMIT ?)",
            arguments: [value, rows])
        return "\(table).\(column) = \(value) in \(rows) rows"
    }

    /// A blob column's values made bytes that do not decode: random, a binary plist cut short, a hostile archive,
    /// or 16 MiB of zeros.
    private static func blobs(_ db: Database, random: inout SplitMix) throws -> String {
        var candidates: [(String, String)] = []
        for table in try entityTables(db) {
            for column in try db.columns(in: table) where column.type.uppercased() == "BLOB" {
                candidates.append((table, column.name))
            }
        }
        guard !candidates.isEmpty else { return try rowKeys(db, random: &random) }
        let (table, column) = candidates[random.below(candidates.count)]
        let (value, what): (Data, String)
        switch random.below(4) {
        case 0:
            value = Data((0..<(1 + random.below(512))).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            what = "random bytes"
        case 1:
            value = Data("bplist00".utf8) + Data((0..<64).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            what = "a binary plist cut short"
        case 2:
            value = try ArchiveXML.model(superOfA: 7, superOfB: 6)
            what = "a keyed archive of the wrong class with a cycle"
        default:
            value = Data(count: 16 << 20)
            what = "16 MiB of zeros"
        }
        try db.execute(sql: "UPDATE \"\(table)\" SET \"\(column)\" = ?", arguments: [value])
        return "\(table).\(column): \(what)"
    }

    /// The tables of entities (`Z` and a name, not `Z_…`).
    private static func entityTables(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql:
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'Z%' AND name NOT LIKE 'Z\\_%' ESCAPE '\\' ORDER BY name"
        )
    }
}
