import Foundation
import GRDB

extension StoreInspector {
    /// A page of an entity's rows in key order, optionally filtered by column equality (values bound; a value
    /// is compared as the column stores it, so numbers match numbers and text matches text).
    public func rows(entity: String, limit: Int = 50, offset: Int = 0, filters: [(column: String, value: String)] = []) throws -> RowPage {
        let schema = try metadata().schema
        guard let description = schema.entitiesByName[entity] else {
            throw StrataError.unknownModelType("\(entity) (the store's entities are \(schema.entities.map(\.name).joined(separator: ", ")))")
        }
        let types: [String: ValueType] = Dictionary(uniqueKeysWithValues: description.attributes.map { ($0.name, $0.valueType) })
        let columns = [StoreLayout.primaryKey] + description.attributes.map(\.name) + description.relationships.filter { !$0.isToMany }.map(\.name)
        for filter in filters where !columns.contains(filter.column) {
            throw StrataError.unknownModelType("\(entity).\(filter.column) (its columns are \(columns.joined(separator: ", ")))")
        }
        let conditions = filters.map { "\(quote($0.column)) = ?" }
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let arguments = StatementArguments(filters.map { filter -> DatabaseValue in
            if let number = Int64(filter.value) { return number.databaseValue }
            if let number = Double(filter.value) { return number.databaseValue }
            return filter.value.databaseValue
        })
        let table = quote(entity)
        return try read { db in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)\(whereClause)", arguments: arguments) ?? 0
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(columns.map(quote).joined(separator: ", ")) FROM \(table)\(whereClause) ORDER BY \(quote(StoreLayout.primaryKey)) LIMIT \(max(limit, 0)) OFFSET \(max(offset, 0))",
                arguments: arguments)
            return RowPage(
                entity: entity, columns: columns,
                rows: rows.map { row in columns.indices.map { StoredValue(row[$0], type: types[columns[$0]]) } }, total: total)
        }
    }

    /// The data-dependent findings of a diff whose source schema is this store's (values dropped, rows lacking
    /// values, duplicate groups, failed conversions).
    public func findings(for diff: SchemaDiff) throws -> [DataFinding] {
        try read { db in try DataFinding.compute(diff, in: db) }
    }
}
