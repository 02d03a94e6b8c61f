import GRDB

/// What a context knows while it runs a stage's closure: which closure, which version, and where the rows
/// from before the stage are kept for `valueBeforeMigration`. A class: it is read for every row a closure
/// touches, and copying a struct holding a schema would retain each of its parts every time.
final class StageContext {
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

    /// The context of one closure of a stage.
    init(phase: String, version: String, oldSchema: Schema, oldTables: [String: String]) {
        self.phase = phase
        self.version = version
        self.oldSchema = oldSchema
        self.oldTables = oldTables
    }
}

/// Windows of old values per entity and attribute: the values of a run of consecutive keys.
final class OldValueWindows {
    /// How many rows one window reads.
    static let size = 2_000
    private var windows: [Slot: (range: ClosedRange<Int64>, values: [Int64: DatabaseValue])] = [:]

    /// A table and column (a struct, so looking one up builds no string).
    private struct Slot: Hashable {
        let table: String
        let column: String
    }

    /// The stored value of `column` for `key`, reading the window of keys starting there when it is not cached.
    func value(table: String, column: String, key: Int64, db: Database) throws -> DatabaseValue {
        let slot = Slot(table: table, column: column)
        if let window = windows[slot], window.range.contains(key) { return window.values[key] ?? .null }
        let pk = quote(StoreLayout.primaryKey)
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT \(pk), \(quote(column)) FROM \(quote(table)) WHERE \(pk) >= ? ORDER BY \(pk) LIMIT \(Self.size)"),
            arguments: [key])
        var values: [Int64: DatabaseValue] = Dictionary(minimumCapacity: Self.size)
        var (count, last) = (0, key)
        while let row = try rows.next() {
            last = row[0]
            values[last] = row[1]
            count += 1
        }
        let upper: Int64 = count == Self.size ? last : Int64.max
        windows[slot] = (key...max(key, upper), values)
        return values[key] ?? .null
    }
}
