internal import GRDB

extension ModelContext {
    /// Loads a to-many relationship stored as the inverse's foreign key for every registered, saved owner among
    /// `keys` whose relationship is not loaded yet, in one query; the owners hold the related objects. Returns
    /// false when the relationship is stored otherwise (a join table), which loads one owner at a time.
    ///
    /// The owners hold their related objects (not their identifiers), so the objects stay registered and reading
    /// them runs no further query. This makes no reference cycle: the other side is a to-one, which holds its
    /// target by identifier, and an owner this context keeps (changed or deleted) holds them by identifier
    /// (`BackingData.referencesToHold`), since each keeps this context.
    @discardableResult
    func loadInBatch(_ mapping: EntityMapping, _ relationship: RelationshipMapping, owners keys: ArraySlice<Int64>)
        throws -> Bool
    {
        useCheck.enter("reading a relationship", of: useDescription)
        defer { useCheck.leave() }
        guard relationship.relationship.isToMany, let entity = schema.entitiesByName[mapping.name],
            case .inverseForeignKey(let table, let column) = StoreLayout(schema: schema).storage(
                of: relationship.relationship, in: entity),
            let destination = schema.mappings[relationship.relationship.destination]
        else { return false }
        let name = relationship.name
        let owners = keys.filter { key in
            registered(mapping, primaryKey: key).map { $0._strataBackingData.related[name] == nil } ?? false
        }
        guard !owners.isEmpty else { return true }
        let reader = RowReader(context: self, mapping: destination)
        let foreignKey = "\(quote(table)).\(quote(column))"
        let placeholders = Array(repeating: "?", count: owners.count).joined(separator: ", ")
        let sql = """
            SELECT \(reader.selection), \(foreignKey) FROM \(quote(table)) WHERE \(foreignKey) IN (\(placeholders)) \
            ORDER BY \(foreignKey), \(quote(table)).\(quote(StoreLayout.primaryKey))
            """
        let rows = try store.read("loading \(mapping.name).\(name)") { db in
            try reader.objectsWithTrailingKey(db, sql: sql, arguments: StatementArguments(owners))
        }
        var related: [Int64: [ModelReference]] = [:]
        for (owner, object) in rows { related[owner, default: []].append(.object(object)) }
        for key in owners {
            guard let owner = registered(mapping, primaryKey: key), owner._strataBackingData.related[name] == nil
            else { continue }
            owner._strataBackingData.related[name] = owner._strataBackingData.referencesToHold(related[key] ?? [])
        }
        return true
    }

    /// Loads the relationships a descriptor names in `relationshipKeyPathsForPrefetching` for every object of a
    /// group, one query per window of owners.
    func prefetch<T: PersistentModel>(_ keyPaths: [PartialKeyPath<T>], of group: FaultGroup?, _ mapping: EntityMapping)
        throws
    {
        guard let group, !keyPaths.isEmpty else { return }
        for keyPath in keyPaths {
            guard let relationship = mapping.relationships.first(where: { $0.keyPath == keyPath as AnyKeyPath }) else {
                continue
            }
            for window in group.windows {
                guard try loadInBatch(mapping, relationship, owners: window) else { break }
            }
        }
    }
}
