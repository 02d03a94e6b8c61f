import GRDB

/// Runs `page` in one write transaction per page of 5,000 rows, each page starting after the last key of the page
/// before (`page` gets that key and returns the keys it handled), until a page comes back short; returns the rows
/// handled. A3's GRDB contenders save in batches this way, as Strata's `enumerate` with a save every 5,000 does.
func forEachPage(in pool: DatabasePool, _ page: (Database, _ after: Int64) throws -> [Int64]) throws -> Int {
    var last: Int64 = 0
    var handled = 0
    while true {
        let keys = try pool.write { db in try page(db, last) }
        handled += keys.count
        guard keys.count == 5_000, let next = keys.last else { return handled }
        last = next
    }
}
