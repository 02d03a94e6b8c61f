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
    /// The most recently used old column: a loop over every row asks for the same one each time.
    private var lastSource: OldColumn?
    /// Every old column read so far.
    private var sources: [OldColumn] = []

    /// The context of one closure of a stage.
    init(phase: String, version: String, oldSchema: Schema, oldTables: [String: String]) {
        self.phase = phase
        self.version = version
        self.oldSchema = oldSchema
        self.oldTables = oldTables
    }

    /// Where an entity's attribute from before the stage is kept, or nil when the entity had no such attribute.
    func oldColumn(entity: String, attribute: String) -> OldColumn? {
        if let last = lastSource, last.entity == entity, last.attribute == attribute { return last }
        let found = sources.first { $0.entity == entity && $0.attribute == attribute } ?? {
            guard let table = oldTables[entity], oldSchema.entitiesByName[entity]?.attribute(named: attribute) != nil else { return nil }
            let source = OldColumn(
                entity: entity, attribute: attribute, table: table,
                mapping: oldSchema.mappings[entity]?.attribute(named: attribute))
            sources.append(source)
            return source
        }()
        lastSource = found
        return found
    }
}

/// One attribute's column from before a stage, with a window of its values read ahead in key order, so a loop
/// over every row costs one query per window, not one per row.
final class OldColumn {
    /// How many rows one window reads.
    static let size = 2_000
    /// The entity, as named before the stage.
    let entity: String
    /// The attribute, as named before the stage (its column in `table`).
    let attribute: String
    /// The table holding the rows from before the stage.
    let table: String
    /// How the old version's model decodes the value (nil when the schema has no model types).
    let mapping: AttributeMapping?
    /// The keys of the window, ascending, and their values.
    private var keys: [Int64] = []
    private var values: [DatabaseValue] = []
    /// The keys the window covers: every key in it without a row has no old value.
    private var covered: ClosedRange<Int64>?
    /// Where the next lookup is expected (rows are usually visited in key order).
    private var next = 0

    /// The column `attribute` of `table`, decoded with `mapping`.
    init(entity: String, attribute: String, table: String, mapping: AttributeMapping?) {
        self.entity = entity
        self.attribute = attribute
        self.table = table
        self.mapping = mapping
    }

    /// The stored value for `key`, reading the window of keys starting there when it is not covered.
    func value(key: Int64, db: Database) throws -> DatabaseValue {
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
        guard low < keys.count, keys[low] == key else { return .null }
        next = low + 1
        return values[low]
    }

    private func read(from key: Int64, db: Database) throws {
        let pk = quote(StoreLayout.primaryKey)
        let statement = try db.cachedStatement(
            sql: "SELECT \(pk), \(quote(attribute)) FROM \(quote(table)) WHERE \(pk) >= ? ORDER BY \(pk) LIMIT \(Self.size)")
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
