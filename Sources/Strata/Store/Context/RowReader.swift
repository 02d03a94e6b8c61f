internal import GRDB

/// Turns rows of one entity's table into model objects, reusing the objects a context already holds.
struct RowReader {
    let context: ModelContext
    let mapping: EntityMapping
    /// The to-one relationships, whose keys are columns of the row (worked out once: every row reads them).
    private let toOne: [RelationshipMapping]
    /// The mapping's attributes, unretained (`mapping` keeps them): decoding a row's values then retains and releases
    /// none of them.
    private let attributes: [Unmanaged<AttributeMapping>]
    /// True in `didMigrate`, where a new required attribute reads as its type's zero until the stage fills it.
    private let unfilled: Bool
    /// The store's identifier, which every object read keeps.
    private let storeName: StoreName
    /// In `didMigrate`, the columns from before the stage that `valueBeforeMigration` has read for this entity: the
    /// select list reads them too and feeds them to their `OldColumn`, which then need not read them again.
    private let oldColumns: [OldColumn]

    /// A reader of rows of the entity `mapping` describes, into objects of `context`; `feedingOldColumns` reads
    /// along the columns from before a stage that `valueBeforeMigration` asked for (fetches of many rows).
    init(context: ModelContext, mapping: EntityMapping, feedingOldColumns: Bool = false) {
        self.context = context
        self.mapping = mapping
        toOne = mapping.relationships.filter { !$0.relationship.isToMany }
        attributes = mapping.attributes.map(Unmanaged.passUnretained)
        unfilled = context.stage?.phase == "didMigrate"
        storeName = context.store.name
        oldColumns = feedingOldColumns && unfilled ? context.stage?.columnsToFeed(entity: mapping.name) ?? [] : []
    }

    /// The select list: key, attributes, to-one keys, for required to-one relationships whether the target exists,
    /// and the old columns fed.
    var selection: String {
        let table = quote(mapping.name)
        var columns = [StoreLayout.primaryKey] + mapping.attributes.map(\.name) + toOne.map(\.name)
        columns = columns.map { "\(table).\(quote($0))" }
        for relationship in toOne where !relationship.relationship.isOptional {
            columns.append(
                "EXISTS (SELECT 1 FROM \(quote(relationship.relationship.destination)) WHERE \(quote(StoreLayout.primaryKey)) = \(table).\(quote(relationship.name)))"
            )
        }
        return (columns + oldColumns.map(\.selection)).joined(separator: ", ")
    }

    /// The object of one row, or nil when the row does not exist.
    func fetch(primaryKey: Int64) throws -> (any PersistentModel)? {
        let sql = "SELECT \(selection) FROM \(quote(mapping.name)) WHERE \(quote(StoreLayout.primaryKey)) = ?"
        return try context.store.read("reading \(mapping.name) \(primaryKey)") { db in
            var object: (any PersistentModel)?
            try forEachObject(db, sql: sql, arguments: [primaryKey]) { _, read in object = read }
            return object
        }
    }

    /// How many columns `selection` lists.
    var selectionCount: Int {
        1 + mapping.attributes.count + toOne.count + toOne.filter { !$0.relationship.isOptional }.count
            + oldColumns.count
    }

    /// The objects of the rows `sql` selects (its select list `selection`), in order, as `T`: the mapping's class or
    /// one of its superclasses (objects of another class are left out).
    func objects<T: PersistentModel>(_ db: Database, sql: String, arguments: StatementArguments, as _: T.Type) throws
        -> [T]
    {
        // Collected untyped first: appending to `[T]` in this unspecialised code asked the run time for the
        // array type's metadata on every row. Every object of the mapping is of its class, so when that is `T`
        // the array is already one of `T`s: models are classes, and an array of class references has one layout
        // whatever the class (as the standard library's own casts of such arrays assume).
        var loaded: [AnyObject] = []
        try forEachObject(db, sql: sql, arguments: arguments) { _, object in loaded.append(object) }
        let objects = mapping.type == T.self ? unsafeBitCast(loaded, to: [T].self) : loaded.compactMap { $0 as? T }
        group(objects.map(\._strataBackingData))
        return objects
    }

    /// The objects of the rows `sql` selects (`selection`, then one more integer column), each with that column's value.
    func objectsWithTrailingKey(_ db: Database, sql: String, arguments: StatementArguments) throws -> [(
        Int64, any PersistentModel
    )] {
        var objects: [(Int64, any PersistentModel)] = []
        let trailing = selectionCount
        try forEachObject(db, sql: sql, arguments: arguments) { row, object in
            objects.append((row.int64(trailing) ?? 0, object))
        }
        group(objects.map(\.1._strataBackingData))
        return objects
    }

    private func forEachObject(
        _ db: Database, sql: String, arguments: StatementArguments, _ body: (StatementRow, any PersistentModel) -> Void
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        for column in oldColumns { column.beginFeed() }
        defer { for column in oldColumns { column.endFeed() } }
        let firstOld = selectionCount - oldColumns.count
        try StatementRow.forEach(statement, db) { row in
            let object = try object(for: row)
            if !oldColumns.isEmpty {
                let key = row.int64(0) ?? 0
                for (offset, column) in oldColumns.enumerated() { column.feed(key: key, value: row[firstOld + offset]) }
            }
            body(row, object)
        }
    }

    /// Puts objects read together in one `FaultGroup` when their entity has to-many relationships, so reading one
    /// object's to-many relationship loads it for the others in the same query.
    private func group(_ objects: @autoclosure () -> [BackingData]) {
        guard mapping.relationships.contains(where: \.relationship.isToMany) else { return }
        let storage = objects()
        guard !storage.isEmpty else { return }
        let group = FaultGroup(keys: storage.map { $0.primaryKey ?? 0 })
        for (index, backing) in storage.enumerated() {
            backing.faultGroup = group
            backing.faultIndex = Int32(clamping: index)
        }
    }

    /// The object of a row selected with `selection`: the registered one when alive, a new one otherwise.
    private func object(for row: StatementRow) throws -> any PersistentModel {
        let primaryKey = row.int64(0) ?? 0
        if let existing = context.registered(mapping, primaryKey: primaryKey) {
            let backing = existing._strataBackingData
            if !backing.hasChanges {
                try backing.replacingAll(of: existing) {
                    backing.values = try values(in: row)
                    backing.related = try related(in: row)
                }
            }
            return existing
        }
        let backing = BackingData(
            mapping: mapping, primaryKey: primaryKey, store: storeName, values: try values(in: row),
            context: context)
        if !toOne.isEmpty { backing.related = try related(in: row) }
        let model = BackingDataHandoff.make(mapping.type, with: backing)
        context.register(loaded: model, mapping, primaryKey: primaryKey)
        return model
    }

    private func values(in row: StatementRow) throws -> [AttributeValue] {
        var values: [AttributeValue] = []
        values.reserveCapacity(attributes.count)
        for (offset, attribute) in attributes.enumerated() {
            values.append(
                try attribute._withUnsafeGuaranteedRef {
                    try $0.decode(row, column: offset + 1, entity: mapping.name, unfilled: unfilled)
                })
        }
        return values
    }

    private func related(in row: StatementRow) throws -> [String: [ModelReference]] {
        var related: [String: [ModelReference]] = [:]
        let first = mapping.attributes.count + 1
        var existsColumn = first + toOne.count
        for (offset, relationship) in toOne.enumerated() {
            let key = row.int64(first + offset)
            if !relationship.relationship.isOptional {
                let exists = row.int64(existsColumn) ?? 0 != 0
                existsColumn += 1
                guard key != nil, exists else {
                    throw StrataError.nullInRequiredAttribute(entity: mapping.name, attribute: relationship.name)
                }
            }
            related[relationship.name] =
                key.map {
                    [
                        .identifier(
                            PersistentIdentifier(
                                entityName: relationship.relationship.destination,
                                storeIdentifier: storeName.identifier, primaryKey: $0))
                    ]
                } ?? []
        }
        return related
    }
}
