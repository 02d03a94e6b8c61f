import GRDB

/// What a context knows while it runs a stage's closure: which closure, which version, and where the rows
/// from before the stage are kept for `valueBeforeMigration`.
struct StageContext {
    /// "willMigrate" or "didMigrate".
    let phase: String
    /// The version whose models the closure works on.
    let version: String
    /// The schema before the stage (with model types when it comes from the plan).
    let oldSchema: Schema
    /// The table holding each entity's rows as they were before the stage.
    let oldTables: [String: String]
    /// Old values read ahead in key order, so a loop over every row costs one query per window, not per row.
    let readAhead = OldValueWindows()
}

/// Windows of old values per entity and attribute: the values of a run of consecutive keys.
final class OldValueWindows {
    /// How many rows one window reads.
    static let size = 2_000
    private var windows: [String: (range: ClosedRange<Int64>, values: [Int64: DatabaseValue])] = [:]

    /// The stored value of `column` for `key`, reading the window of keys starting there when it is not cached.
    func value(table: String, column: String, key: Int64, db: Database) throws -> DatabaseValue {
        let slot = "\(table)\u{0}\(column)"
        if let window = windows[slot], window.range.contains(key) { return window.values[key] ?? .null }
        let pk = quote(StoreLayout.primaryKey)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(pk), \(quote(column)) FROM \(quote(table)) WHERE \(pk) >= ? ORDER BY \(pk) LIMIT \(Self.size)"),
            arguments: [key])
        var values: [Int64: DatabaseValue] = [:]
        values.reserveCapacity(rows.count)
        for row in rows { values[row[0]] = row[1] }
        let upper: Int64 = rows.count == Self.size ? (rows.last?[0] ?? key) : Int64.max
        windows[slot] = (key...max(key, upper), values)
        return values[key] ?? .null
    }
}
