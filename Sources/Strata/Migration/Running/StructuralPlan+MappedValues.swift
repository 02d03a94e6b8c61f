internal import GRDB

/// The values a plan maps into attributes (key paths, literals, conversions), computed before the stage changes any
/// table and read by the row copy.
extension StructuralPlan {
    /// The value a row copy reads from the entity's mapped values, for the row it copies.
    func mappedSnapshotValue(_ property: String, of entity: String) -> String {
        let table = quote(Self.mappedPrefix + entity)
        let pk = quote(StoreLayout.primaryKey)
        return
            "(SELECT \(quote(property)) FROM \(table) WHERE \(table).\(pk) = \(quote(Self.oldPrefix + entity)).\(pk))"
    }

    /// One step per entity with mapped values the row copy cannot read directly: a table of its rows' keys and
    /// those values, computed from the rows before the stage (each key path followed through the source version's
    /// to-one relationships; conversions by `MappedConversion`).
    func mappedSnapshots() -> [(String, MigrationStep)] {
        to.entities.compactMap { entity in
            guard let values = mappedValues[entity.name], let old = diff.sourceEntity(named: entity.name) else {
                return nil
            }
            let row = "_strata_row"
            var selected = ["\(quote(row)).\(quote(StoreLayout.primaryKey))"]
            var arguments: [DatabaseValue] = []
            for (name, value) in values.sorted(by: { $0.key < $1.key }) where !value.isDirect {
                guard let (sql, bound) = mappedSQL(value, in: old, row: row) else {
                    selected.append("NULL AS \(quote(name))")
                    continue
                }
                selected.append("\(sql) AS \(quote(name))")
                arguments += bound
            }
            guard selected.count > 1 else { return nil }
            let table = Self.mappedPrefix + entity.name
            return (
                entity.name,
                MigrationStep(
                    "compute the mapped values of \(entity.name)",
                    statements: [
                        "CREATE TABLE \(quote(table)) AS SELECT \(selected.joined(separator: ", ")) FROM \(quote(old.name)) AS \(quote(row))"
                    ],
                    arguments: [arguments])
            )
        }
    }

    /// The SQL expression (and its bound values) of a mapped value over a row of `old` before the stage, nil when a
    /// key path names no attribute or to-one relationship of the source version.
    private func mappedSQL(_ value: MappedValue, in old: Schema.Entity, row: String) -> (String, [DatabaseValue])? {
        switch value {
        case .column(let name):
            guard old.attribute(named: name) != nil || old.relationship(named: name) != nil else { return nil }
            return ("\(quote(row)).\(quote(name))", [])
        case .value(let stored):
            return stored.databaseValue.map { ("?", [$0]) } ?? ("NULL", [])
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
