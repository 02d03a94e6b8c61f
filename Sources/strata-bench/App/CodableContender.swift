import Foundation
import GRDB

/// The `app` workloads as a careful GRDB user writes them with Codable records (`FetchableRecord`,
/// `PersistableRecord`) and the query interface. Each returns the rows it handled.
enum CodableContender {
    /// A1: inserts `rows` records, one transaction per 10,000.
    static func insert(_ url: URL, rows: Int) throws -> Int {
        let pool = try DatabasePool(path: url.path)
        for batch in batches(of: 10_000, upTo: rows) {
            try pool.write { db in
                for n in batch {
                    var record = ItemRecord(number: n)
                    try record.insert(db)
                }
            }
        }
        return rows
    }

    /// A2: the 100 most recent items with a score of at least 50.
    static func query(_ url: URL) throws -> Int {
        let records = try DatabasePool(path: url.path).read { db in
            try ItemRecord.filter(Column("score") >= 50).order(Column("created").desc).limit(100).fetchAll(db)
        }
        return records.reduce(0) { $0 &+ $1.count }
    }

    /// A2: every item.
    static func fetchAll(_ url: URL) throws -> Int {
        try DatabasePool(path: url.path).read { db in try ItemRecord.fetchAll(db) }.readEveryField()
    }

    /// A3: every item's score raised with `updateChanges`, 5,000 records per transaction, paging by key.
    static func update(_ url: URL) throws -> Int {
        try forEachPage(in: try DatabasePool(path: url.path)) { db, last in
            let page = try ItemRecord.filter(Column("_pk") > last).order(Column("_pk")).limit(5_000).fetchAll(db)
            for var record in page {
                // Only the changed column, as Strata writes it (`update(db)` would rewrite every column and index).
                try record.updateChanges(db) { $0.score += 1 }
            }
            return page.compactMap(\.id)
        }
    }

    /// A4: the first half of the items deleted with one request.
    static func deleteWhere(_ url: URL, rows: Int) throws -> Int {
        try DatabasePool(path: url.path).write { db in try ItemRecord.filter(Column("count") <= rows / 2).deleteAll(db)
        }
    }

    /// A4: the second half fetched and deleted record by record, in one transaction.
    static func deleteEach(_ url: URL, rows: Int) throws -> Int {
        try DatabasePool(path: url.path).write { db in
            let records = try ItemRecord.filter(Column("count") > rows / 2).fetchAll(db)
            for record in records { try record.delete(db) }
            return records.count
        }
    }

    /// A5: every parent with its children, in two queries (`including(all:)`).
    static func relationships(_ url: URL) throws -> Int {
        let families = try DatabasePool(path: url.path).read { db in
            try ParentRecord.including(all: ParentRecord.children).asRequest(of: ParentWithChildren.self).fetchAll(db)
        }
        var children = 0
        var checksum = 0
        for family in families {
            for child in family.children {
                children += 1
                checksum &+= child.position &+ child.name.utf8.count
            }
        }
        Sink.keep(checksum)
        return children
    }
}
