import Foundation
import GRDB

/// The `app` workloads with GRDB's raw statements and rows: prepared SQL, values bound by position, columns read
/// by index, no records. The floor for Swift code over SQLite. Each returns the rows it handled.
enum RawContender {
    /// The columns of `AppItem` after its key, in table order.
    private static let columns = #""title", "count", "score", "created", "uuid", "note""#

    /// A1: inserts `rows` items with one prepared INSERT, one transaction per 10,000 (also fills the benchmark's stores).
    static func insert(_ url: URL, rows: Int) throws -> Int {
        let pool = try DatabasePool(path: url.path)
        for batch in batches(of: 10_000, upTo: rows) {
            try pool.write { db in
                let statement = try db.makeStatement(
                    sql: #"INSERT INTO "AppItem" (\#(columns)) VALUES (?, ?, ?, ?, ?, ?)"#)
                for n in batch {
                    let values = AppItemValues(number: n)
                    try statement.execute(arguments: [
                        values.title, n, values.score, values.created.timeIntervalSinceReferenceDate, values.uuid,
                        values.note,
                    ])
                }
            }
        }
        return rows
    }

    /// A2: the 100 most recent items with a score of at least 50.
    static func query(_ url: URL) throws -> Int {
        try DatabasePool(path: url.path).read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: #"SELECT "_pk", \#(columns) FROM "AppItem" WHERE "score" >= 50 ORDER BY "created" DESC LIMIT 100"#)
            var checksum = 0
            while let row = try rows.next() { checksum &+= row[2] as Int }
            return checksum
        }
    }

    /// A2: every item, each column read.
    static func fetchAll(_ url: URL) throws -> Int {
        try DatabasePool(path: url.path).read { db in
            let rows = try Row.fetchCursor(db, sql: #"SELECT "_pk", \#(columns) FROM "AppItem""#)
            var count = 0
            var checksum = 0
            while let row = try rows.next() {
                let title: String = row[1]
                let number: Int = row[2]
                let score: Double = row[3]
                let note: String? = row[6]
                let created: Double = row[4]
                let uuid: Data = row[5]
                checksum &+=
                    number &+ title.utf8.count &+ Int(score) &+ (note?.utf8.count ?? 0) &+ Int(created) &+ uuid.count
                count += 1
            }
            Sink.keep(checksum)
            return count
        }
    }

    /// A3: every score raised with one prepared UPDATE per row, 5,000 rows per transaction, paging by key.
    static func update(_ url: URL) throws -> Int {
        try forEachPage(in: try DatabasePool(path: url.path)) { db, last in
            let page = try Row.fetchAll(
                db, sql: #"SELECT "_pk", "score" FROM "AppItem" WHERE "_pk" > ? ORDER BY "_pk" LIMIT 5000"#,
                arguments: [last])
            let update = try db.cachedStatement(sql: #"UPDATE "AppItem" SET "score" = ? WHERE "_pk" = ?"#)
            var keys: [Int64] = []
            for row in page {
                let key: Int64 = row[0]
                let score: Double = row[1]
                try update.execute(arguments: [score + 1, key])
                keys.append(key)
            }
            return keys
        }
    }

    /// A4: the first half of the items deleted with one statement.
    static func deleteWhere(_ url: URL, rows: Int) throws -> Int {
        try DatabasePool(path: url.path).write { db in
            try db.execute(sql: #"DELETE FROM "AppItem" WHERE "count" <= ?"#, arguments: [rows / 2])
            return db.changesCount
        }
    }

    /// A4: the keys of the second half read, then each row deleted with one prepared DELETE, in one transaction.
    static func deleteEach(_ url: URL, rows: Int) throws -> Int {
        try DatabasePool(path: url.path).write { db in
            let keys = try Int64.fetchAll(
                db, sql: #"SELECT "_pk" FROM "AppItem" WHERE "count" > ?"#, arguments: [rows / 2])
            let delete = try db.makeStatement(sql: #"DELETE FROM "AppItem" WHERE "_pk" = ?"#)
            for key in keys { try delete.execute(arguments: [key]) }
            return keys.count
        }
    }

    /// A5: parents, then all children ordered by parent, grouped in Swift: two queries.
    static func relationships(_ url: URL) throws -> Int {
        try DatabasePool(path: url.path).read { db in
            var families: [Int64: (name: String, children: [(name: String, position: Int)])] = [:]
            let parents = try Row.fetchCursor(db, sql: #"SELECT "_pk", "name" FROM "AppParent""#)
            while let row = try parents.next() {
                let key: Int64 = row[0]
                let name: String = row[1]
                families[key] = (name, [])
            }
            let children = try Row.fetchCursor(
                db, sql: #"SELECT "parent", "name", "position" FROM "AppChild" ORDER BY "parent", "_pk""#)
            var count = 0
            while let row = try children.next() {
                let parent: Int64? = row[0]
                let name: String = row[1]
                let position: Int = row[2]
                guard let parent else { continue }
                families[parent]?.children.append((name, position))
                count += 1
            }
            var checksum = 0
            for family in families.values {
                for child in family.children { checksum &+= child.position &+ child.name.utf8.count }
            }
            Sink.keep(checksum)
            return count
        }
    }
}
