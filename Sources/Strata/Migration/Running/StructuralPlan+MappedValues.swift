internal import GRDB

/// The values a plan maps into a stage (`StructuralPlan.mappedValues`, `rowSources`), computed from the rows before
/// the stage: per entity, a table of its rows' keys and the values the row copy cannot read directly; per to-many
/// relationship filled from another relationship, a table of that relationship's links; and the rows of an entity made
/// from another entity's rows.
extension StructuralPlan {
    /// The value a row copy reads from the entity's mapped values, for the row it copies.
    func mappedSnapshotValue(_ property: String, of entity: String) -> String {
        let table = quote(Self.mappedPrefix + entity)
        let pk = quote(StoreLayout.primaryKey)
        return
            "(SELECT \(quote(property)) FROM \(table) WHERE \(table).\(pk) = \(quote(Self.oldPrefix + entity)).\(pk))"
    }

    /// The source version's entity whose rows give an entity its mapped values: the one the diff pairs it with, or
    /// the one its rows are made from.
    private func mappedSource(of entity: String) -> Schema.Entity? {
        diff.sourceEntity(named: entity) ?? rowSources[entity].flatMap { from.entitiesByName[$0.entity] }
    }

    /// One step per entity with mapped values the row copy cannot read directly, and per entity made from another's
    /// rows: a table (named by the first element) of its rows' keys and those values (every mapped value, for a made
    /// entity), computed from the rows before the stage (each key path followed through the source version's to-one
    /// relationships; conversions by `MappedConversion`).
    func mappedSnapshots() -> [(String, MigrationStep)] {
        to.entities.compactMap { entity in
            guard let old = mappedSource(of: entity.name) else { return nil }
            let made = diff.sourceEntity(named: entity.name) == nil
            guard made || mappedValues[entity.name] != nil else { return nil }
            let row = "_strata_row"
            var selected = ["\(quote(row)).\(quote(StoreLayout.primaryKey))"]
            var arguments: [DatabaseValue] = []
            for (name, value) in (mappedValues[entity.name] ?? [:]).sorted(by: { $0.key < $1.key })
            where made || !value.isDirect {
                guard let (sql, bound) = mappedSQL(value, in: old, row: row) else {
                    selected.append("NULL AS \(quote(name))")
                    continue
                }
                selected.append("\(sql) AS \(quote(name))")
                arguments += bound
            }
            guard made || selected.count > 1 else { return nil }
            let table = Self.mappedPrefix + entity.name
            let filter = rowSources[entity.name]?.condition(row: row).map { " WHERE \($0)" } ?? ""
            return (
                table,
                MigrationStep(
                    "compute the mapped values of \(entity.name)",
                    statements: [
                        "CREATE TABLE \(quote(table)) AS SELECT \(selected.joined(separator: ", ")) FROM \(quote(old.name)) AS \(quote(row))\(filter)"
                    ],
                    arguments: [arguments])
            )
        }
    }

    /// Fills a new entity made from another entity's rows: one row per row of its source, under the same key, with
    /// its mapped values, an unmapped attribute's default, or nothing.
    func madeRowsStep(_ entity: Schema.Entity) -> MigrationStep? {
        guard let source = rowSources[entity.name] else { return nil }
        let values = mappedValues[entity.name] ?? [:]
        var columns = [StoreLayout.primaryKey]
        var expressions = [quote(StoreLayout.primaryKey)]
        var arguments: [DatabaseValue] = []
        for attribute in entity.attributes {
            columns.append(attribute.name)
            expressions.append(
                values[attribute.name] != nil
                    ? quote(attribute.name) : defaultExpression(entity.name, attribute, &arguments))
        }
        for relationship in entity.relationships where !relationship.isToMany {
            columns.append(relationship.name)
            expressions.append(values[relationship.name] != nil ? quote(relationship.name) : "NULL")
        }
        return MigrationStep(
            "make the rows of \(entity.name) from those of \(source)",
            copy: RowCopy(
                source: Self.mappedPrefix + entity.name, target: entity.name, columns: columns,
                expressions: expressions, arguments: arguments))
    }

    /// The table that keeps the links a to-many relationship takes from a relationship of the source version.
    private static func linksTable(_ entity: String, _ relationship: String) -> String {
        mappedPrefix + "links_\(entity)_\(relationship)"
    }

    /// The source relationship whose links a to-many relationship of `entity` takes (its mapped value), with the
    /// entity it belongs to in the source version.
    private func mappedLinks(of relationship: Schema.Relationship, in entity: String) -> (
        Schema.Entity, Schema.Relationship
    )? {
        guard relationship.isToMany, case .column(let name)? = mappedValues[entity]?[relationship.name],
            let old = mappedSource(of: entity), let source = old.relationship(named: name)
        else { return nil }
        return (old, source)
    }

    /// One step per to-many relationship whose links come from another relationship of the source version (named by
    /// its mapped value): a table of those links (`owner`, `other`, `position`), kept before any table changes.
    func mappedLinkSnapshots() -> [(String, MigrationStep)] {
        to.entities.flatMap { entity in
            entity.relationships.compactMap { relationship -> (String, MigrationStep)? in
                // A to-many kept in its inverse's column takes its links through that column's mapped value.
                guard case .joinTable = StoreLayout(schema: to).storage(of: relationship, in: entity),
                    let (old, source) = mappedLinks(of: relationship, in: entity.name)
                else { return nil }
                let table = Self.linksTable(entity.name, relationship.name)
                return (
                    table,
                    MigrationStep(
                        "compute the mapped links of \(entity.name).\(relationship.name)",
                        statements: ["CREATE TABLE \(quote(table)) AS \(linkPairs(of: source, in: old))"])
                )
            }
        }
    }

    /// The statement that fills the join table `table` of `relationship` from the links its mapped value names, or
    /// its inverse's (the two sides of a many-to-many are one set of links): none without one.
    func mappedLinksFill(of relationship: Schema.Relationship, in entity: Schema.Entity, into table: String)
        -> [String]
    {
        if mappedLinks(of: relationship, in: entity.name) != nil {
            let links = quote(Self.linksTable(entity.name, relationship.name))
            return [
                "INSERT OR IGNORE INTO \(quote(table)) (\"source\", \"target\", \"position\") SELECT \"owner\", \"other\", \"position\" FROM \(links)"
            ]
        }
        guard let inverseName = relationship.inverse,
            let inverse = to.entitiesByName[relationship.destination]?.relationship(named: inverseName),
            mappedLinks(of: inverse, in: relationship.destination) != nil
        else { return [] }
        let links = quote(Self.linksTable(relationship.destination, inverseName))
        return [
            "INSERT OR IGNORE INTO \(quote(table)) (\"source\", \"target\") SELECT \"other\", \"owner\" FROM \(links)"
        ]
    }

    /// A SELECT of the links of `relationship` of `entity` in the source version, as `owner` (the entity's key),
    /// `other` (the related key) and `position` (an ordered relationship's, else NULL), however they are stored.
    private func linkPairs(of relationship: Schema.Relationship, in entity: Schema.Entity) -> String {
        let pk = quote(StoreLayout.primaryKey)
        switch StoreLayout(schema: from).storage(of: relationship, in: entity) {
        case .foreignKey(let column):
            return
                "SELECT \(pk) AS \"owner\", \(quote(column)) AS \"other\", NULL AS \"position\" FROM \(quote(entity.name)) WHERE \(quote(column)) IS NOT NULL"
        case .inverseForeignKey(let table, let column):
            return
                "SELECT \(quote(column)) AS \"owner\", \(pk) AS \"other\", NULL AS \"position\" FROM \(quote(table)) WHERE \(quote(column)) IS NOT NULL"
        case .joinTable(let table, let side):
            return
                "SELECT \(quote(side.ownerColumn)) AS \"owner\", \(quote(side.otherColumn)) AS \"other\", \"position\" FROM \(quote(table))"
        }
    }

    /// The SQL expression (and its bound values) of a mapped value over a row of `old` before the stage, nil when a
    /// key path names no attribute or to-one relationship of the source version.
    private func mappedSQL(_ value: MappedValue, in old: Schema.Entity, row: String) -> (String, [DatabaseValue])? {
        switch value {
        case .column(let name):
            guard old.attribute(named: name) != nil || old.relationship(named: name).map({ !$0.isToMany }) == true
            else { return nil }
            return ("\(quote(row)).\(quote(name))", [])
        case .value(let stored):
            return stored.databaseValue.map { ("?", [$0]) } ?? ("NULL", [])
        case .ownKey(let rows):
            let key = "\(quote(row)).\(quote(StoreLayout.primaryKey))"
            guard let condition = rows?.condition(row: row) else { return (key, []) }
            return ("CASE WHEN \(condition) THEN \(key) END", [])
        case .linkOwner(let entity, let name):
            guard let owner = from.entitiesByName[entity], let relationship = owner.relationship(named: name) else {
                return nil
            }
            return (
                "(SELECT \"owner\" FROM (\(linkPairs(of: relationship, in: owner))) WHERE \"other\" = \(quote(row)).\(quote(StoreLayout.primaryKey)) LIMIT 1)",
                []
            )
        case .keyPath(let path):
            guard let first = path.first else { return nil }
            var entity = old
            var sql = "\(quote(row)).\(quote(first))"
            for (index, component) in path.enumerated() {
                let isLast = index == path.count - 1
                if index > 0 {
                    sql =
                        "(SELECT \(quote(component)) FROM \(quote(entity.name)) WHERE \(quote(StoreLayout.primaryKey)) = \(sql))"
                }
                if let relationship = entity.relationship(named: component), !relationship.isToMany {
                    guard !isLast else { break }
                    guard let next = from.entitiesByName[relationship.destination] else { return nil }
                    entity = next
                } else if entity.attribute(named: component) == nil || !isLast {
                    return nil
                }
            }
            return (sql, [])
        case .converted(let conversion, let inner):
            guard let (sql, bound) = mappedSQL(inner, in: old, row: row) else { return nil }
            return ("\(MappedConversion.sqlFunctionName)(?, \(sql))", [conversion.rawValue.databaseValue] + bound)
        }
    }
}
