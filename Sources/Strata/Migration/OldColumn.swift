import GRDB

/// One attribute's column from before a stage, with a window of its values read ahead in key order, so a loop
/// over every row costs one query per window, not one per row.
final class OldColumn {
    /// How many rows one window reads.
    static let size = 2_000
    /// The entity, as named before the stage.
    let entity: String
    /// The attribute, as named before the stage.
    let attribute: String
    /// The table holding the rows from before the stage.
    @exclusivity(unchecked) private(set) var table: String
    /// The attribute's column in `table`.
    @exclusivity(unchecked) private(set) var column: String
    /// Keys above it were inserted during the stage: they have no old value.
    let lastKey: Int64
    /// How the old version's model decodes the value (nil when the schema has no model types).
    let mapping: AttributeMapping?
    /// The keys of the window, ascending, and their values.
    @exclusivity(unchecked) private var keys: [Int64] = []
    @exclusivity(unchecked) private var values: [DatabaseValue] = []
    /// The keys the window covers: every key in it without a row has no old value.
    @exclusivity(unchecked) private var covered: ClosedRange<Int64>?
    /// Where the next lookup is expected (rows are usually visited in key order).
    @exclusivity(unchecked) private var next = 0

    /// The column `column` of `table` holding `attribute`, decoded with `mapping`.
    init(entity: String, attribute: String, table: String, column: String, lastKey: Int64, mapping: AttributeMapping?) {
        self.entity = entity
        self.attribute = attribute
        self.table = table
        self.column = column
        self.lastKey = lastKey
        self.mapping = mapping
    }

    /// Reads from now on from `column` of `table` (where the rows were copied before being written over).
    func relocate(table: String, column: String) {
        self.table = table
        self.column = column
        covered = nil
    }

    /// The stored value for `key` (nil when the row did not exist before the stage), reading the window of
    /// keys starting there when it is not covered.
    func value(key: Int64, db: Database) throws -> DatabaseValue? {
        guard key <= lastKey else { return nil }
        if covered?.contains(key) != true { try read(from: key, db: db) }
        if next < keys.count, keys[next] == key {
            next += 1
            return values[next - 1]
        }
        var (low, high) = (0, keys.count)
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == key else { return nil }
        next = low + 1
        return values[low]
    }

    private func read(from key: Int64, db: Database) throws {
        let pk = quote(StoreLayout.primaryKey)
        let statement = try db.cachedStatement(
            sql:
                "SELECT \(pk), \(quote(column)) FROM \(quote(table)) WHERE \(pk) >= ? ORDER BY \(pk) LIMIT \(Self.size)"
        )
        try statement.setArguments([key])
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        try StatementRow.forEach(statement, db) { row in
            keys.append(row.int64(0) ?? 0)
            values.append(row[1])
        }
        next = 0
        covered = key...(keys.count == Self.size ? max(key, keys[keys.count - 1]) : Int64.max)
    }
}
