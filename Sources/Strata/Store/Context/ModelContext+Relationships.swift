internal import GRDB

extension ModelContext {
    /// The saved rows related to a saved object through a relationship, read from the store.
    func relatedKeys(of mapping: EntityMapping, _ primaryKey: Int64, _ relationship: RelationshipMapping) throws
        -> [ModelReference]
    {
        useCheck.enter("reading a relationship", of: useDescription)
        defer { useCheck.leave() }
        let layout = StoreLayout(schema: schema)
        guard let entity = schema.entitiesByName[mapping.name] else { return [] }
        let destination = relationship.relationship.destination
        let pk = quote(StoreLayout.primaryKey)
        let sql: String
        switch layout.storage(of: relationship.relationship, in: entity) {
        case .foreignKey(let column):
            sql = "SELECT \(quote(column)) FROM \(quote(mapping.name)) WHERE \(pk) = ? AND \(quote(column)) IS NOT NULL"
        case .inverseForeignKey(let table, let column):
            sql = "SELECT \(pk) FROM \(quote(table)) WHERE \(quote(column)) = ? ORDER BY \(pk)"
        case .joinTable(let table, let side):
            sql =
                "SELECT \(quote(side.otherColumn)) FROM \(quote(table)) WHERE \(quote(side.ownerColumn)) = ? ORDER BY \"position\", \(quote(side.otherColumn))"
        }
        let keys = try store.read("loading \(mapping.name).\(relationship.name)") { db in
            try Int64.fetchAll(db, sql: sql, arguments: [primaryKey])
        }
        return keys.map {
            .identifier(
                PersistentIdentifier(entityName: destination, storeIdentifier: store.identifier, primaryKey: $0))
        }
    }
}
