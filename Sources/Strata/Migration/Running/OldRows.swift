internal import GRDB

/// Where `didMigrate` reads an entity's rows as they were before the stage, for `valueBeforeMigration`: the
/// copy a rebuild set aside, or the entity's own table while nothing has written over those values.
struct OldRows {
    /// The table holding the rows.
    private(set) var table: String
    /// The column in `table` of each attribute, by its name before the stage.
    private(set) var columns: [String: String]
    /// The largest key before the stage: rows above it were inserted during the stage and have no old values.
    let lastKey: Int64
    /// True while `table` is the entity's own table, which saves in `didMigrate` can write over.
    private(set) var isLive: Bool
    /// For each attribute position of the entity's new mapping, true when its column held a value before the stage.
    private let retained: [Bool]
    /// True when an insert can land on a row from before the stage (an upsert on a retained unique attribute).
    let insertsCanUpsert: Bool

    /// True when saving the object's changed attributes would overwrite a value from before the stage.
    func isOverwritten(by backing: BackingData) -> Bool {
        backing.changedAttributes.contains { $0 >= retained.count || retained[$0] }
    }

    /// Copies the rows from before the stage out of the entity's own table into `aside`, read from there on.
    mutating func moveAside(to aside: String, db: Database) throws {
        let pk = quote(StoreLayout.primaryKey)
        let names = columns.keys.sorted()
        try db.execute(
            sql:
                "CREATE TABLE \(quote(aside)) (\(([pk + " INTEGER PRIMARY KEY"] + names.map(quote)).joined(separator: ", ")))"
        )
        try db.execute(
            sql:
                "INSERT INTO \(quote(aside)) (\(([pk] + names.map(quote)).joined(separator: ", "))) SELECT \(([pk] + names.map { quote(columns[$0] ?? $0) }).joined(separator: ", ")) FROM \(quote(table)) WHERE \(pk) <= ?",
            arguments: [lastKey])
        table = aside
        columns = Dictionary(uniqueKeysWithValues: names.map { ($0, $0) })
        isLive = false
    }

    /// The old rows of every entity the stage keeps, as they stand when `didMigrate` starts, by the entity's new name.
    static func all(for plan: StructuralPlan, db: Database) throws -> [String: OldRows] {
        let rebuilt = Set(plan.rebuiltEntities)
        var result: [String: OldRows] = [:]
        for new in plan.to.entities {
            guard let old = plan.diff.sourceEntity(named: new.name) else { continue }
            if rebuilt.contains(new.name) {
                result[new.name] = OldRows(
                    table: StructuralPlan.oldPrefix + old.name,
                    columns: Dictionary(uniqueKeysWithValues: old.attributes.map { ($0.name, $0.name) }),
                    lastKey: .max, isLive: false, retained: [], insertsCanUpsert: false)
                continue
            }
            // In place: renamed columns carry their new names; removed ones are still there until the finish phase.
            var columns = Dictionary(uniqueKeysWithValues: old.attributes.map { ($0.name, $0.name) })
            for attribute in new.attributes {
                if let source = SchemaDiff.source(of: attribute, in: old) { columns[source.name] = attribute.name }
            }
            let newAttributes = plan.to.mappings[new.name]?.attributes.map(\.attribute) ?? []
            let lastKey =
                try Int64.fetchOne(
                    db, sql: "SELECT IFNULL(max(\(quote(StoreLayout.primaryKey))), 0) FROM \(quote(new.name))") ?? 0
            result[new.name] = OldRows(
                table: new.name, columns: columns, lastKey: lastKey, isLive: true,
                retained: newAttributes.map { SchemaDiff.source(of: $0, in: old) != nil },
                insertsCanUpsert: new.uniqueKeys.contains { key in
                    key.allSatisfy { name in
                        new.attribute(named: name).map { SchemaDiff.source(of: $0, in: old) != nil } ?? false
                    }
                })
        }
        return result
    }
}
