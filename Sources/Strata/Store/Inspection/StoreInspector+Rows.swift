import Foundation
internal import GRDB

extension StoreInspector {
    /// A page of an entity's rows in key order, optionally filtered (conditions combined with AND; values bound,
    /// read as the column's type: numbers compare as numbers, dates as the day, second
    /// or millisecond written).
    ///
    /// - Throws: `StrataError.unknownEntity` naming the store's entities when it has none called `entity`;
    ///   `RowFilterError.unknownColumn` naming the entity's columns for a filter on a column it lacks;
    ///   `RowFilterError.invalidValue` for a value the column cannot hold.
    public func rows(entity: String, limit: Int = 50, offset: Int = 0, filters: [RowFilter] = []) throws -> RowPage {
        let schema = try metadata().schema
        guard let description = schema.entitiesByName[entity] else {
            throw StrataError.unknownEntity(store: url.path, entity: entity, entities: schema.entities.map(\.name))
        }
        let types: [String: ValueType] = Dictionary(
            uniqueKeysWithValues: description.attributes.map { ($0.name, $0.valueType) })
        let columns =
            [StoreLayout.primaryKey] + description.attributes.map(\.name)
            + description.relationships.filter { !$0.isToMany }.map(\.name)
        for filter in filters where !columns.contains(filter.column) {
            throw RowFilterError.unknownColumn(entity: entity, column: filter.column, columns: columns)
        }
        let conditions = try filters.map { try $0.condition(entity: entity, type: types[$0.column]) }
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.map(\.sql).joined(separator: " AND ")
        let arguments = StatementArguments(conditions.flatMap(\.arguments))
        let table = quote(entity)
        return try read { db in
            let total =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)\(whereClause)", arguments: arguments) ?? 0
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT \(columns.map(quote).joined(separator: ", ")) FROM \(table)\(whereClause) ORDER BY \(quote(StoreLayout.primaryKey)) LIMIT \(max(limit, 0)) OFFSET \(max(offset, 0))",
                arguments: arguments)
            return RowPage(
                entity: entity, columns: columns,
                rows: rows.map { row in columns.indices.map { StoredValue(row[$0], type: types[columns[$0]]) } },
                total: total)
        }
    }

    /// The data-dependent findings of a diff whose source schema is this store's (values dropped, rows lacking
    /// values, duplicate groups, failed conversions).
    public func findings(for diff: SchemaDiff) throws -> [DataFinding] {
        try read { db in try DataFinding.compute(diff, in: db) }
    }
}
