internal import GRDB

/// One attribute's column from before a stage, with its values read ahead in key order, so a loop over every row
/// costs one query per window, not one per row.
///
/// Two windows: the one `value(key:db:)` reads itself, and the one a fetch of the entity's rows fills as it reads
/// them (`feed`), which saves the second pass over the table while the column is still in the entity's own table.
final class OldColumn {
    /// How many rows one window reads.
    static let size = 2_000
    /// How many rows one fetch feeds at most (a fetch of millions of rows holds no second copy of the whole column).
    static let feedLimit = 100_000
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
    /// The window this column read, and the keys it covers: every key in them without a row has no old value.
    @exclusivity(unchecked) private var read = KeyedWindow()
    @exclusivity(unchecked) private var covered: ClosedRange<Int64>?
    /// The window the last fetch fed: the rows it read, which says nothing about the keys between them.
    @exclusivity(unchecked) private var fed = KeyedWindow()

    /// The column `column` of `table` holding `attribute`, decoded with `mapping`.
    init(entity: String, attribute: String, table: String, column: String, lastKey: Int64, mapping: AttributeMapping?) {
        self.entity = entity
        self.attribute = attribute
        self.table = table
        self.column = column
        self.lastKey = lastKey
        self.mapping = mapping
    }

    /// True while the column is read from the entity's own table, where a fetch of its rows can read it too.
    var isInEntityTable: Bool { table == entity }

    /// Reads from now on from `column` of `table` (where the rows were copied before being written over).
    func relocate(table: String, column: String) {
        self.table = table
        self.column = column
        covered = nil
        read = KeyedWindow()
        fed = KeyedWindow()
    }

    /// The column as a fetch of the entity's table selects it.
    var selection: String { "\(quote(table)).\(quote(column))" }

    /// Starts a fetch's window: the values `feed` is given next replace the last fetch's.
    func beginFeed() {
        fed.removeAll()
    }

    /// Keeps the value a fetch read for `key` (up to `feedLimit` rows; the rest are read by `value(key:db:)`).
    func feed(key: Int64, value: @autoclosure () -> DatabaseValue) {
        guard key <= lastKey, fed.keys.count < Self.feedLimit else { return }
        fed.append(key: key, value: value())
    }

    /// Ends a fetch's window: rows fetched in another order than by key are sorted by key.
    func endFeed() {
        fed.sortByKey()
    }

    /// The stored value for `key` (nil when the row did not exist before the stage): from the fetch's window, the
    /// read window, or a new read of the window of keys starting there.
    func value(key: Int64, db: Database) throws -> DatabaseValue? {
        guard key <= lastKey else { return nil }
        if let value = fed.value(for: key) { return value }
        if covered?.contains(key) != true { try read(from: key, db: db) }
        return read.value(for: key)
    }

    private func read(from key: Int64, db: Database) throws {
        let pk = quote(StoreLayout.primaryKey)
        let statement = try db.cachedStatement(
            sql:
                "SELECT \(pk), \(quote(column)) FROM \(quote(table)) WHERE \(pk) >= ? ORDER BY \(pk) LIMIT \(Self.size)"
        )
        try statement.setArguments([key])
        read.removeAll()
        try StatementRow.forEach(statement, db) { row in read.append(key: row.int64(0) ?? 0, value: row[1]) }
        covered = key...(read.keys.count == Self.size ? max(key, read.keys[read.keys.count - 1]) : Int64.max)
    }
}
