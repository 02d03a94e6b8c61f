import Foundation
internal import GRDB

/// How a fetch runs: which parts of the descriptor become SQL and which are evaluated in memory.
struct FetchPlan<T: PersistentModel> {
    let descriptor: FetchDescriptor<T>
    let mapping: EntityMapping
    /// The WHERE clause, when the predicate translates (nil with `predicateInSQL` means no predicate).
    let filter: SQLFragment?
    /// True when the predicate (if any) runs in SQL.
    let predicateInSQL: Bool
    /// The ORDER BY terms, when every sort key translates.
    let order: [String]?
    /// Predicates of rows to leave out: the context's `delete(model:where:)` calls not saved yet.
    let excluded: [SQLFragment]

    /// Plans a fetch; `inMemory` forces the in-memory path (tests compare both).
    init(
        _ descriptor: FetchDescriptor<T>, mapping: EntityMapping, schema: Schema, inMemory: Bool,
        excluding excluded: [SQLFragment] = []
    ) {
        self.descriptor = descriptor
        self.mapping = mapping
        self.excluded = excluded
        var filter: SQLFragment?
        var predicateInSQL = descriptor.predicate == nil
        if let predicate = descriptor.predicate, !inMemory {
            let scope = TranslationScope(schema: schema)
            scope.variables[predicate.variable.key] = (mapping, mapping.name)
            if let fragment = try? translate(predicate.expression, in: scope) {
                filter = fragment
                predicateInSQL = true
            }
        }
        self.filter = filter
        self.predicateInSQL = predicateInSQL
        self.order = inMemory ? nil : Self.orderTerms(descriptor.sortBy, mapping: mapping)
    }

    /// The SQL ORDER BY terms for sort descriptors, or nil when one of them has no SQL form.
    private static func orderTerms(_ sorts: [SortDescriptor<T>], mapping: EntityMapping) -> [String]? {
        var terms: [String] = []
        for sort in sorts {
            guard let keyPath = sort.keyPath,
                let attribute = mapping.attributes.first(where: { $0.keyPath == keyPath as AnyKeyPath }),
                attribute.attribute.valueType.isOrderedInSQL
            else { return nil }
            let collation = attribute.attribute.valueType == .string ? " COLLATE strata_swift" : ""
            terms.append(
                "\(quote(mapping.name)).\(quote(attribute.name))\(collation) \(sort.order == .forward ? "ASC" : "DESC")"
            )
        }
        return terms + ["\(quote(mapping.name)).\(quote(StoreLayout.primaryKey)) ASC"]
    }

    /// True when SQL alone answers the fetch, page included.
    var isFullySQL: Bool { predicateInSQL && order != nil }

    /// The SELECT statement; `paged` adds LIMIT and OFFSET.
    func select(_ columns: String, paged: Bool, after key: Int64? = nil, limit: Int? = nil) -> (
        String, StatementArguments
    ) {
        var sql = "SELECT \(columns) FROM \(quote(mapping.name))"
        var arguments = filter?.arguments ?? []
        var conditions = filter.map { [$0.sql] } ?? []
        for exclusion in excluded {
            conditions.append("(\(exclusion.sql)) IS NOT TRUE")
            arguments += exclusion.arguments
        }
        if let key {
            conditions.append("\(quote(mapping.name)).\(quote(StoreLayout.primaryKey)) > ?")
            arguments.append(key.databaseValue)
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.map { "(\($0))" }.joined(separator: " AND ") }
        sql +=
            " ORDER BY "
            + (order ?? ["\(quote(mapping.name)).\(quote(StoreLayout.primaryKey)) ASC"]).joined(separator: ", ")
        if let limit {
            sql += " LIMIT \(limit)"
        } else if paged, descriptor.appliedLimit != nil || descriptor.fetchOffset != nil {
            sql += " LIMIT \(descriptor.appliedLimit ?? -1) OFFSET \(max(descriptor.fetchOffset ?? 0, 0))"
        }
        return (sql, StatementArguments(arguments))
    }
}
