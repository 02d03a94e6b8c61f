import Foundation
internal import GRDB

/// Writes a context's pending changes inside one write transaction: keys for new rows (reusing the row of an
/// equal unique value or `#Unique` group, SwiftData's upsert), inserts, updates, join-table rows and deletes.
struct SaveWriter {
    let context: ModelContext
    let layout: StoreLayout
    let inserted: [any PersistentModel]
    let changed: [any PersistentModel]
    let deleted: [any PersistentModel]
    /// Rows `delete(model:where:)` deletes in SQL: an entity and a translated predicate.
    let batchDeletes: [(mapping: EntityMapping, filter: SQLFragment)]
    /// The INSERT, UPDATE and unique-value lookup statements prepared so far, so a save of many rows prepares
    /// each shape once.
    private let statements = RowStatements()

    /// Performs the writes; returns the primary key given to each inserted object.
    ///
    /// Deletes run first, so a unique value freed by a delete can be taken by an insert of the same save.
    func write(_ db: Database) throws -> [SavedInsert] {
        for (mapping, filter) in batchDeletes {
            try db.execute(
                sql: "DELETE FROM \(quote(mapping.name)) WHERE \(filter.sql)",
                arguments: StatementArguments(filter.arguments))
        }
        for model in deleted {
            let backing = model._strataBackingData
            guard let key = backing.primaryKey, let mapping = backing.mapping else { continue }
            try db.cachedStatement(sql: "DELETE FROM \(quote(mapping.name)) WHERE \(quote(StoreLayout.primaryKey)) = ?")
                .execute(arguments: [key])
        }
        var keys: [ObjectIdentifier: Int64] = [:]
        var upserts: Set<ObjectIdentifier> = []
        var allocator = KeyAllocator()
        try assignKeys(db, keys: &keys, upserts: &upserts, allocator: &allocator)
        // Changes run before inserts, so an insert that upserts into a changed row leaves the row with its values.
        for model in changed {
            let backing = model._strataBackingData
            guard let key = backing.primaryKey else { continue }
            try writeRow(
                db, model, key: key, keys: keys, changes: (backing.changedAttributes, backing.changedRelationships),
                insert: false)
        }
        var assigned: [SavedInsert] = []
        for model in inserted {
            let id = ObjectIdentifier(model)
            guard let key = keys[id] else { continue }
            try writeRow(db, model, key: key, keys: keys, changes: nil, insert: !upserts.contains(id))
            assigned.append(SavedInsert(model: model, key: key, isUpsert: upserts.contains(id)))
        }
        try writeJoinTables(db, keys: keys)
        try allocator.record(db)
        return assigned
    }

    /// Gives each new object a key: the row with an equal unique value when there is one, the next free key otherwise.
    ///
    /// Claims made earlier in the same save are keyed by the stored value compared as SQLite's unique index
    /// compares it (blobs and text byte for byte, numbers by value), so two distinct UUIDs, blobs or strings never
    /// claim one row.
    private func assignKeys(
        _ db: Database, keys: inout [ObjectIdentifier: Int64], upserts: inout Set<ObjectIdentifier>,
        allocator: inout KeyAllocator
    ) throws {
        var claimed: [UniqueClaim: Int64] = [:]
        claimed.reserveCapacity(inserted.count)
        for model in inserted {
            guard let mapping = model._strataBackingData.mapping else { continue }
            let id = ObjectIdentifier(model)
            let claims = try uniqueClaims(of: model, mapping)
            for claim in claims {
                let existing =
                    try claimed[claim]
                    ?? statements.existingKey(db, mapping, columns: claim.positions, values: claim.stored)
                if let key = existing {
                    keys[id] = key
                    upserts.insert(id)
                    break
                }
            }
            let key = try keys[id] ?? allocator.key(for: mapping.name, db)
            keys[id] = key
            for claim in claims { claimed[claim] = key }
        }
    }

    /// The unique keys (`@Attribute(.unique)` and `#Unique` groups) of a new object whose values are all non-nil,
    /// as stored: SQLite's unique index lets rows with a NULL in the key coexist.
    private func uniqueClaims(of model: any PersistentModel, _ mapping: EntityMapping) throws -> [UniqueClaim] {
        var claims: [UniqueClaim] = []
        for positions in mapping.uniqueKeyPositions {
            var values: [UniqueClaim.Value] = []
            var stored: [DatabaseValue] = []
            for position in positions {
                let value = model._strataBackingData.values[position]
                guard !value.isUnset else { break }
                let encoded = try mapping.attributes[position].encode(value)
                guard let comparable = UniqueClaim.Value(encoded) else { break }
                values.append(comparable)
                stored.append(encoded)
            }
            guard values.count == positions.count else { continue }
            claims.append(
                UniqueClaim(entity: ObjectIdentifier(mapping), positions: positions, values: values, stored: stored))
        }
        return claims
    }

    /// Inserts or updates one row; `changes` limits an update to the changed attributes (positions) and relationships.
    private func writeRow(
        _ db: Database, _ model: any PersistentModel, key: Int64, keys: [ObjectIdentifier: Int64],
        changes: (attributes: AttributeSet, relationships: Set<String>)?, insert: Bool
    ) throws {
        let backing = model._strataBackingData
        guard let mapping = backing.mapping else { return }
        // Columns by position in the mapping (attributes, then relationships), in declaration order.
        var positions = changes.map { statements.positions(of: $0.attributes) } ?? Array(mapping.attributes.indices)
        for (offset, relationship) in mapping.relationships.enumerated()
        where !relationship.relationship.isToMany && (changes?.relationships.contains(relationship.name) ?? true) {
            guard backing.related[relationship.name] != nil else { continue }
            positions.append(mapping.attributes.count + offset)
        }
        // Each value is encoded as it is bound: no array of values per row.
        func value(at position: Int) throws -> DatabaseValue {
            guard position < mapping.attributes.count else {
                let relationship = mapping.relationships[position - mapping.attributes.count]
                let references = backing.related[relationship.name] ?? []
                return references.first.flatMap { self.key(of: $0, keys: keys) }?.databaseValue ?? .null
            }
            let attribute = mapping.attributes[position]
            let value = backing.values[position]
            guard !value.isUnset else {
                throw StrataError.nullInRequiredAttribute(entity: mapping.name, attribute: attribute.name)
            }
            return try attribute.encode(value)
        }
        if insert {
            try statements.insert(db, mapping, columns: positions, key: key, value: value(at:))
        } else if !positions.isEmpty {
            try statements.update(db, mapping, columns: positions, key: key, value: value(at:))
        }
    }

    /// Rewrites the join-table rows of the to-many relationships the objects own and changed.
    ///
    /// All old rows are removed before any new row is written, so two objects saved to one row (an upsert) or
    /// both sides of a many-to-many add up instead of erasing each other's rows.
    private func writeJoinTables(_ db: Database, keys: [ObjectIdentifier: Int64]) throws {
        // Only to-many relationships have join tables: a schema without any has nothing to visit.
        let hasJoinTables = context.schema.mappings.values.contains { mapping in
            mapping.relationships.contains(where: \.relationship.isToMany)
        }
        guard hasJoinTables else { return }
        let models = inserted + changed
        var cleared: Set<String> = []
        var rows: [(table: String, ownerColumn: String, otherColumn: String, arguments: StatementArguments)] = []
        for model in models {
            let backing = model._strataBackingData
            guard let mapping = backing.mapping, mapping.relationships.contains(where: \.relationship.isToMany),
                let entity = layout.schema.entitiesByName[mapping.name],
                let ownKey = backing.primaryKey ?? keys[ObjectIdentifier(model)]
            else { continue }
            let isNew = backing.primaryKey == nil
            for relationship in mapping.relationships where relationship.relationship.isToMany {
                guard isNew || backing.changedRelationships.contains(relationship.name),
                    let references = backing.related[relationship.name],
                    case .joinTable(let table, let side) = layout.storage(
                        of: relationship.relationship, in: entity)
                else { continue }
                if cleared.insert("\(table)\u{0}\(side.ownerColumn)\u{0}\(ownKey)").inserted {
                    try db.cachedStatement(sql: "DELETE FROM \(quote(table)) WHERE \(quote(side.ownerColumn)) = ?")
                        .execute(
                            arguments: [ownKey])
                }
                for (position, reference) in references.enumerated() {
                    guard let other = key(of: reference, keys: keys) else { continue }
                    rows.append((table, side.ownerColumn, side.otherColumn, [ownKey, other, position]))
                }
            }
        }
        for row in rows {
            try db.cachedStatement(
                sql:
                    "INSERT OR IGNORE INTO \(quote(row.table)) (\(quote(row.ownerColumn)), \(quote(row.otherColumn)), \"position\") VALUES (?, ?, ?)"
            )
            .execute(arguments: row.arguments)
        }
    }

    /// The primary key a reference will have once this save commits.
    private func key(of reference: ModelReference, keys: [ObjectIdentifier: Int64]) -> Int64? {
        switch reference {
        case .identifier(let id):
            // An object its context keeps may hold a related object by identifier (`BackingData.referencesToHold`):
            // one deleted in this save is skipped, as its object would be.
            if !deleted.isEmpty, let key = id.primaryKey, let mapping = context.schema.mappings[id.entityName],
                context.registered(mapping, primaryKey: key)?._strataBackingData.isDeleted == true
            {
                return nil
            }
            return id.primaryKey
        case .object(let object):
            if object._strataBackingData.isDeleted { return nil }
            return object._strataBackingData.primaryKey ?? keys[ObjectIdentifier(object)]
        }
    }
}

/// A unique key taken by a new object in this save: entity, the key's attributes and their values as stored.
private struct UniqueClaim: Hashable {
    /// A stored value compared as SQLite's `=` compares it: text by its bytes (Swift's `String` equality would
    /// join canonically equivalent strings that the store keeps apart), blobs by their bytes, numbers by value
    /// (0.0 and -0.0 are one value). An attribute's values always have one storage class.
    enum Value: Hashable {
        case integer(Int64)
        case real(Double)
        case text(Data)
        case blob(Data)

        /// The comparable form of a stored value; nil for NULL, which never clashes.
        init?(_ stored: DatabaseValue) {
            switch stored.storage {
            case .null: return nil
            case .int64(let number): self = .integer(number)
            case .double(let number): self = .real(number)
            case .string(let text): self = .text(Data(text.utf8))
            case .blob(let data): self = .blob(data)
            }
        }
    }

    /// The entity's mapping.
    let entity: ObjectIdentifier
    /// The positions of the attributes: one for `@Attribute(.unique)`, the group's for `#Unique`.
    let positions: [Int]
    let values: [Value]
    /// The values as bound to the lookup of an existing row.
    let stored: [DatabaseValue]

    static func == (lhs: UniqueClaim, rhs: UniqueClaim) -> Bool {
        lhs.entity == rhs.entity && lhs.positions == rhs.positions && lhs.values == rhs.values
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(entity)
        hasher.combine(positions)
        hasher.combine(values)
    }
}

/// An inserted object and the row it was written to; an upsert wrote into an existing row with the same unique value.
struct SavedInsert {
    let model: any PersistentModel
    let key: Int64
    let isUpsert: Bool
}
