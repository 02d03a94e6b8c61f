internal import GRDB

/// The SQL that compares one entity's table in an earlier copy of a store (`before`) with a later one (`after`):
/// rows matched by primary key, then deleted and inserted rows paired by a unique attribute, and each stored property
/// of either version classified as compared, dropped or filled. A ``RowChangeScope`` narrows it to what a stage can
/// change: without a column that can differ, the earlier table is not read at all.
struct RowComparison {
    /// The entity's later name (or its earlier one when removed).
    let entity: String
    /// The entity in the earlier version; nil when it was added.
    let before: Schema.Entity?
    /// The entity in the later version; nil when it was removed.
    let after: Schema.Entity?
    /// Pairs of (later, earlier) column names holding the same property.
    let compared: [(after: String, before: String)]
    /// Columns only the earlier version has.
    let dropped: [String]
    /// Columns only the later version has.
    let filled: [String]
    /// The unique attribute (later, earlier name) that pairs a deleted row with an inserted one.
    let pairing: (after: String, before: String)?
    /// The attached schema names of the two copies.
    let beforeSchema: String
    let afterSchema: String
    /// What the stage compared could change (``RowChangeScope/everything`` across several stages).
    let scope: RowChangeScope

    /// Compares `before` with `after`; `counterpart` maps a later column to the earlier column of the same property
    /// (a missing entry: the property is new).
    init(
        before: Schema.Entity?, after: Schema.Entity?, counterpart: [String: String], beforeSchema: String,
        afterSchema: String, scope: RowChangeScope = .everything
    ) {
        entity = after?.name ?? before?.name ?? ""
        self.before = before
        self.after = after
        self.beforeSchema = beforeSchema
        self.afterSchema = afterSchema
        self.scope = scope
        let beforeColumns = before.map(Self.storedColumns) ?? []
        let afterColumns = after.map(Self.storedColumns) ?? []
        let pairs = afterColumns.compactMap { column in
            counterpart[column].flatMap { beforeColumns.contains($0) ? (after: column, before: $0) : nil }
        }
        compared = pairs
        dropped = beforeColumns.filter { column in !pairs.contains { $0.before == column } }
        filled = afterColumns.filter { column in !pairs.contains { $0.after == column } }
        // A single-attribute unique key present, and unique, in both versions: both tables have its unique index.
        // Rows kept under their keys need no pairing.
        pairing =
            scope.sameRows
            ? nil
            : after.flatMap { after in
                before.flatMap { before in
                    after.uniqueAttributes.lazy.compactMap { attribute -> (after: String, before: String)? in
                        guard let earlier = counterpart[attribute.name],
                            before.uniqueAttributes.contains(where: { $0.name == earlier })
                        else { return nil }
                        return (attribute.name, earlier)
                    }.first
                }
            }
    }

    /// The stored properties of an entity, as its table's columns: attributes, then to-one relationships.
    static func storedColumns(_ entity: Schema.Entity) -> [String] {
        entity.attributes.map(\.name) + entity.relationships.filter { !$0.isToMany }.map(\.name)
    }

    private var pk: String { quote(StoreLayout.primaryKey) }
    var afterTable: String { "\(quote(afterSchema)).\(quote(entity))" }
    var beforeTable: String { "\(quote(beforeSchema)).\(quote(before?.name ?? entity))" }

    /// True when the earlier values are the later ones (the same rows, no column that can change, none dropped), so
    /// the earlier table is not read.
    var readsLaterOnly: Bool { scope.sameRows && scope.changing == [] && dropped.isEmpty }

    /// The earlier row's value of `column`: from the row with the same key, else from the paired row.
    func beforeValue(_ column: String) -> String {
        pairing == nil
            ? "b.\(quote(column))" : "CASE WHEN b.\(pk) IS NOT NULL THEN b.\(quote(column)) ELSE p.\(quote(column)) END"
    }

    /// True for a later row that has an earlier one.
    var hasBefore: String {
        readsLaterOnly ? "1" : pairing == nil ? "b.\(pk) IS NOT NULL" : "(b.\(pk) IS NOT NULL OR p.\(pk) IS NOT NULL)"
    }

    /// The earlier row's key.
    var beforeKey: String { readsLaterOnly ? "a.\(pk)" : pairing == nil ? "b.\(pk)" : "coalesce(b.\(pk), p.\(pk))" }

    /// One condition per property, true when a kept row's value of it differs (nil where the scope says it cannot):
    /// compared, then dropped, then filled.
    var propertyTerms: [String?] {
        compared.map { pair in
            scope.changing.map { $0.contains(pair.after) } ?? true
                ? "a.\(quote(pair.after)) IS NOT \(beforeValue(pair.before))" : nil
        }
            + dropped.map { "\(beforeValue($0)) IS NOT NULL" }
            + filled.map { "a.\(quote($0)) IS NOT NULL" }
    }

    /// True for a kept row whose values differ.
    var differs: String {
        let terms = propertyTerms.compactMap { $0 }
        return terms.isEmpty ? "0" : "(" + terms.joined(separator: " OR ") + ")"
    }

    /// The later rows, each joined with its earlier row by key (`b`) or, unmatched, by the pairing attribute (`p`,
    /// looked up only for rows without a `b`: the CASE gives the others a NULL, which matches nothing).
    var laterRows: String {
        guard !readsLaterOnly else { return "\(afterTable) AS a" }
        var sql = "\(afterTable) AS a LEFT JOIN \(beforeTable) AS b ON b.\(pk) = a.\(pk)"
        if let pairing {
            sql +=
                " LEFT JOIN \(beforeTable) AS p ON p.\(quote(pairing.before)) = CASE WHEN b.\(pk) IS NULL THEN a.\(quote(pairing.after)) END AND NOT EXISTS (SELECT 1 FROM \(afterTable) AS y WHERE y.\(pk) = p.\(pk))"
        }
        return sql
    }

    /// The earlier rows neither kept under their key nor paired with an inserted row: the deleted rows, as `b`.
    var deletedRows: String {
        var sql =
            "\(beforeTable) AS b WHERE NOT EXISTS (SELECT 1 FROM \(afterTable) AS y WHERE y.\(pk) = b.\(pk))"
        if let pairing {
            sql +=
                " AND NOT EXISTS (SELECT 1 FROM \(afterTable) AS x WHERE x.\(quote(pairing.after)) = b.\(quote(pairing.before)) AND NOT EXISTS (SELECT 1 FROM \(beforeTable) AS z WHERE z.\(pk) = x.\(pk)))"
        }
        return sql
    }

    /// The condition picking later rows of a kind (deleted rows are read from `deletedRows`).
    func condition(_ kind: RowChangeKind?) -> String {
        switch kind {
        case nil: "1"
        case .inserted: "NOT \(hasBefore)"
        case .changed: "\(hasBefore) AND \(differs)"
        case .unchanged: "\(hasBefore) AND NOT \(differs)"
        case .deleted: "0"
        }
    }

    // MARK: Counting

    /// Counts every kind, the reinserted rows and each property's changed, dropped and filled values.
    func counts(_ db: Database) throws -> EntityRowChanges {
        guard after != nil else {
            let deleted = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(beforeTable)") ?? 0
            return summary(inserted: 0, deleted: deleted, changed: 0, unchanged: 0, reinserted: 0, perTerm: [])
        }
        guard before != nil else {
            let inserted = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(afterTable)") ?? 0
            return summary(inserted: inserted, deleted: 0, changed: 0, unchanged: 0, reinserted: 0, perTerm: [])
        }
        // One pass over the later rows. Each earlier row is kept by at most one later row (keys and the pairing
        // attribute are unique on both sides), so the deleted rows are the earlier ones not kept.
        var columns = [
            "count(*)",
            "count(*) FILTER (WHERE \(condition(.inserted)))",
            "count(*) FILTER (WHERE \(condition(.changed)))",
            pairing == nil ? "0" : "count(*) FILTER (WHERE b.\(pk) IS NULL AND p.\(pk) IS NOT NULL)",
        ]
        columns += propertyTerms.map { term in term.map { "count(*) FILTER (WHERE \(hasBefore) AND \($0))" } ?? "0" }
        let row = try Row.fetchOne(db, sql: "SELECT \(columns.joined(separator: ", ")) FROM \(laterRows)")
        let values: [Int] = (0..<columns.count).map { row?[$0] ?? 0 }
        let (later, inserted, changed) = (values[0], values[1], values[2])
        let earlier = readsLaterOnly ? later : try Int.fetchOne(db, sql: "SELECT count(*) FROM \(beforeTable)") ?? 0
        return summary(
            inserted: inserted, deleted: earlier - (later - inserted), changed: changed,
            unchanged: later - inserted - changed, reinserted: values[3], perTerm: Array(values.dropFirst(4)))
    }

    private func summary(
        inserted: Int, deleted: Int, changed: Int, unchanged: Int, reinserted: Int, perTerm: [Int]
    ) -> EntityRowChanges {
        let properties =
            compared.map { pair in
                (pair.after, pair.after == pair.before ? nil : pair.before, PropertyRowChanges.Kind.changed)
            }
            + dropped.map { ($0, nil, .dropped) } + filled.map { ($0, nil, .filled) }
        return EntityRowChanges(
            entity: entity, renamedFrom: after != nil && before?.name != entity ? before?.name : nil,
            inserted: inserted, deleted: deleted, changed: changed, unchanged: unchanged,
            reinserted: reinserted, pairedBy: pairing?.after,
            properties: zip(properties, perTerm).compactMap { property, rows in
                rows == 0
                    ? nil
                    : PropertyRowChanges(property: property.0, renamedFrom: property.1, kind: property.2, rows: rows)
            },
            samples: [])
    }

    // MARK: Rows

    /// The keys (later, earlier) of up to `limit` rows of a kind from `offset`, in key order.
    func keys(_ kind: RowChangeKind?, limit: Int, offset: Int, _ db: Database) throws -> [(Int64?, Int64?)] {
        if kind == .deleted || after == nil {
            guard kind == nil || kind == .deleted, before != nil, !scope.sameRows else { return [] }
            let table = after == nil ? "\(beforeTable) AS b" : deletedRows
            return try Int64.fetchAll(
                db, sql: "SELECT b.\(pk) FROM \(table) ORDER BY b.\(pk) LIMIT ? OFFSET ?", arguments: [limit, offset]
            ).map { (nil, $0) }
        }
        if before == nil {
            guard kind == nil || kind == .inserted else { return [] }
            return try Int64.fetchAll(
                db, sql: "SELECT \(pk) FROM \(afterTable) ORDER BY \(pk) LIMIT ? OFFSET ?", arguments: [limit, offset]
            ).map { ($0, nil) }
        }
        return try Row.fetchAll(
            db,
            sql:
                "SELECT a.\(pk), \(beforeKey) FROM \(laterRows) WHERE \(condition(kind)) ORDER BY a.\(pk) LIMIT ? OFFSET ?",
            arguments: [limit, offset]
        ).map { ($0[0], $0[1]) }
    }

    /// The row with these keys, its values before and after and the properties that differ.
    func sample(after afterKey: Int64?, before beforeKey: Int64?, _ db: Database) throws -> RowChangeSample? {
        let later = try afterKey.flatMap { key in
            try after.flatMap { try values(of: $0, in: afterTable, key: key, reading: { $0 }, db) }
        }
        // Without an earlier table read, the earlier values are the later row's, under the earlier names.
        let earlierNames = Dictionary(uniqueKeysWithValues: compared.map { ($0.before, $0.after) })
        let earlier = try beforeKey.flatMap { key in
            try before.flatMap { entity in
                try readsLaterOnly
                    ? values(of: entity, in: afterTable, key: key, reading: { earlierNames[$0] ?? $0 }, db)
                    : values(of: entity, in: beforeTable, key: key, reading: { $0 }, db)
            }
        }
        guard let key = afterKey ?? beforeKey, later != nil || earlier != nil else { return nil }
        var changedProperties: [String] = []
        if let later, let earlier {
            for pair in compared where later.raw[pair.after] != earlier.raw[pair.before] {
                changedProperties.append(pair.after)
            }
            changedProperties += dropped.filter { earlier.raw[$0].map { !$0.isNull } ?? false }
            changedProperties += filled.filter { later.raw[$0].map { !$0.isNull } ?? false }
        }
        let kind: RowChangeKind =
            later == nil ? .deleted : earlier == nil ? .inserted : changedProperties.isEmpty ? .unchanged : .changed
        return RowChangeSample(
            kind: kind, key: key, keyBefore: afterKey != nil && beforeKey != afterKey ? beforeKey : nil,
            before: earlier?.values, after: later?.values, changedProperties: changedProperties)
    }

    /// The stored properties of `entity` in the row of `table` with `key`, each read from the column `reading` names.
    private func values(
        of entity: Schema.Entity, in table: String, key: Int64, reading: (String) -> String, _ db: Database
    ) throws -> (values: RowValues, raw: [String: DatabaseValue])? {
        let columns = Self.storedColumns(entity)
        let select = columns.isEmpty ? "1" : columns.map { quote(reading($0)) }.joined(separator: ", ")
        guard let row = try Row.fetchOne(db, sql: "SELECT \(select) FROM \(table) WHERE \(pk) = ?", arguments: [key])
        else { return nil }
        let types = Dictionary(uniqueKeysWithValues: entity.attributes.map { ($0.name, $0.valueType) })
        let raw: [DatabaseValue] = columns.indices.map { row[$0] }
        return (
            RowValues(names: columns, values: zip(columns, raw).map { StoredValue($1, type: types[$0]) }),
            Dictionary(uniqueKeysWithValues: zip(columns, raw))
        )
    }
}
