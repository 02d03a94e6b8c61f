import GRDB

/// Turns rows of one entity's table into model objects, reusing the objects a context already holds.
struct RowReader {
    let context: ModelContext
    let mapping: EntityMapping

    private var toOne: [RelationshipMapping] { mapping.relationships.filter { !$0.relationship.isToMany } }

    /// The select list: key, attributes, to-one keys, and for required to-one relationships whether the target exists.
    var selection: String {
        let table = quote(mapping.name)
        var columns = [StoreLayout.primaryKey] + mapping.attributes.map(\.name) + toOne.map(\.name)
        columns = columns.map { "\(table).\(quote($0))" }
        for relationship in toOne where !relationship.relationship.isOptional {
            columns.append(
                "EXISTS (SELECT 1 FROM \(quote(relationship.relationship.destination)) WHERE \(quote(StoreLayout.primaryKey)) = \(table).\(quote(relationship.name)))")
        }
        return columns.joined(separator: ", ")
    }

    /// The object of one row, or nil when the row does not exist.
    func fetch(primaryKey: Int64) throws -> (any PersistentModel)? {
        let sql = "SELECT \(selection) FROM \(quote(mapping.name)) WHERE \(quote(StoreLayout.primaryKey)) = ?"
        let rows = try context.store.read("reading \(mapping.name) \(primaryKey)") { db in
            try Row.fetchAll(db, sql: sql, arguments: [primaryKey])
        }
        return try rows.first.map(object)
    }

    /// The object of a row selected with `selection`: the registered one when alive, a new one otherwise.
    func object(for row: Row) throws -> any PersistentModel {
        let primaryKey: Int64 = row[0]
        if let existing = context.registered(entity: mapping.name, primaryKey: primaryKey) {
            let backing = existing.persistentBackingData
            if !backing.hasChanges {
                backing.values = try values(in: row)
                backing.related = try related(in: row)
            }
            return existing
        }
        let backing = BackingData(
            mapping: mapping, primaryKey: primaryKey, storeIdentifier: context.store.identifier,
            values: try values(in: row), context: context)
        backing.related = try related(in: row)
        let model = mapping.type.init(backingData: backing)
        context.register(loaded: model, entity: mapping.name, primaryKey: primaryKey)
        return model
    }

    private func values(in row: Row) throws -> [String: Any] {
        var values: [String: Any] = Dictionary(minimumCapacity: mapping.attributes.count)
        let unfilled = context.stage?.phase == "didMigrate"
        let stored = Array(row.databaseValues)
        for (offset, attribute) in mapping.attributes.enumerated() {
            values[attribute.name] = try attribute.decode(stored[offset + 1], entity: mapping.name, unfilled: unfilled)
        }
        return values
    }

    private func related(in row: Row) throws -> [String: [ModelReference]] {
        var related: [String: [ModelReference]] = [:]
        let first = mapping.attributes.count + 1
        var existsColumn = first + toOne.count
        for (offset, relationship) in toOne.enumerated() {
            let key: Int64? = row[first + offset]
            if !relationship.relationship.isOptional {
                let exists: Bool = row[existsColumn]
                existsColumn += 1
                guard key != nil, exists else {
                    throw StrataError.nullInRequiredAttribute(entity: mapping.name, attribute: relationship.name)
                }
            }
            related[relationship.name] = key.map {
                [.identifier(PersistentIdentifier(entityName: relationship.relationship.destination, storeIdentifier: context.store.identifier, primaryKey: $0))]
            } ?? []
        }
        return related
    }
}
