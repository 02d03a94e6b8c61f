import Foundation
internal import GRDB
import Strata

/// A store written by Apple's SwiftData or Core Data, opened read-only on any platform: its metadata, the
/// model it carries (Z_MODELCACHE) as an `AppleModel` and as Strata's `Schema`, and each entity's rows with
/// decoded values.
///
/// The store is read through a private copy of its file, -wal and -shm made when it is opened (many stores keep
/// most rows in the -wal); the originals are never opened, locked or written. The copy is deleted when the
/// `AppleStore` goes away. Everything read from the file is treated as untrusted: a damaged file, property list,
/// DEFLATE stream or archive throws an `AppleStoreError` naming the file.
///
/// ```swift
/// let store = try AppleStore(url: URL(fileURLWithPath: "default.store"))
/// print(store.metadata.versionIdentifiers, store.metadata.checksumMatches as Any)
/// for (entity, rows) in try store.rowCounts() { print(entity, rows) }
/// let page = try store.rows(of: "Item", limit: 20)
/// ```
public final class AppleStore: Sendable {
    /// The original store file.
    public let url: URL
    /// What Z_METADATA records: version identifiers, framework version, store UUID, entity hashes, checksums.
    public let metadata: AppleStoreMetadata
    /// The model the store carries, as Core Data describes it.
    public let model: AppleModel
    /// The persistent-history tables (ACHANGE, ATRANSACTION, ...), which the entity list leaves out.
    public var historyTables: [String] { layout.historyTables }

    private let snapshot: StoreSnapshot
    private let layout: AppleStoreLayout

    /// Opens the store at `url` through a private copy; throws `AppleStoreError.unrecognizedFormat` for a file that
    /// is not a SwiftData or Core Data store, and the other `AppleStoreError`s for damaged parts.
    public convenience init(url: URL) throws {
        let (format, copy) = try StoreFormat.detectKeepingCopy(at: url)
        guard format == .apple, let copy else {
            copy?.close()
            throw AppleStoreError.unrecognizedFormat(
                path: url.path, reason: "it is a Strata store; open it with StoreInspector")
        }
        try self.init(snapshot: copy)
    }

    /// Reads the store from the private copy format detection made (`OpenedStore.open`); the copy is deleted when
    /// the store goes away.
    init(snapshot: StoreSnapshot) throws {
        url = snapshot.url
        self.snapshot = snapshot
        let path = url.path
        (metadata, model, layout) = try snapshot.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT Z_UUID, Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION DESC LIMIT 1"),
                let plist = row.blob(1)
            else { throw AppleStoreError.damagedMetadata(path: path, reason: "Z_METADATA has no property list") }
            let metadata = try AppleStoreMetadata(plist: plist, uuid: row.text(0) ?? "", path: path)
            guard try db.tableExists("Z_MODELCACHE"),
                let compressed = try Data.fetchOne(db, sql: "SELECT Z_CONTENT FROM Z_MODELCACHE LIMIT 1")
            else {
                throw AppleStoreError.damagedModelCache(
                    path: path,
                    reason:
                        "the store has no Z_MODELCACHE content (stores before macOS 10.11 / iOS 9 do not carry their model)"
                )
            }
            let model = try Self.decodeModel(compressed, path: path)
            return (metadata, model, try AppleStoreLayout(model: model, db: db))
        }
    }

    /// Decodes the content of Z_MODELCACHE: raw DEFLATE, then the keyed archive of the model.
    static func decodeModel(_ compressed: Data, path: String) throws -> AppleModel {
        let archived: Data
        do {
            archived = try RawDeflate.inflate(compressed)
        } catch let failure as RawDeflate.Failure {
            throw AppleStoreError.damagedModelCache(path: path, reason: failure.description)
        }
        do {
            return try ModelArchiveDecoder.decode(KeyedArchive(data: archived))
        } catch let failure as KeyedArchive.Failure {
            throw AppleStoreError.damagedModelArchive(path: path, reason: failure.description)
        }
    }

    /// The entity names, sorted (persistent-history tables are not entities).
    public var entityNames: [String] { model.entities.map(\.name) }

    /// The model as Strata's schema (inheritance flattened, each entity with its inherited properties), with
    /// what could not be carried over; `version` defaults to the store's version identifier when it reads as one.
    public func schema(version: Schema.Version? = nil) -> (schema: Schema, notes: [ImportNote]) {
        AppleSchemaMapping(model: model).schema(version: version ?? defaultVersion)
    }

    /// How text names the store's own model: by the version identifiers its metadata records ("model 1.0.0",
    /// "model App 3.1"), or "store's own model" when it records none (a Core Data store whose model sets no
    /// identifier; never "unversioned", which names no model).
    public var modelLabel: String {
        let identifiers = metadata.versionIdentifiers.filter { !$0.isEmpty }
        return identifiers.isEmpty ? "store's own model" : "model " + identifiers.joined(separator: ", ")
    }

    /// The store's single version identifier as a version ("1.0.0"), when it reads as one.
    public var defaultVersion: Schema.Version? {
        let identifiers = metadata.versionIdentifiers.filter { !$0.isEmpty }
        return identifiers.count == 1 ? Schema.Version(identifiers[0]) : nil
    }

    /// The number of rows of an entity: with its subentities' rows (the default), or only those exactly of it.
    public func rowCount(of entity: String, includingSubentities: Bool = true) throws -> Int {
        let storage = try self.storage(of: entity)
        guard let table = storage.table else { return 0 }
        let numbers = includingSubentities ? storage.familyNumbers : storage.entityNumber.map { [$0] } ?? []
        return try snapshot.read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM \(StoreLayout.quoted(table)) WHERE Z_ENT IN \(Self.list(numbers))") ?? 0
        }
    }

    /// Each entity with its row count (subentities' rows included), by entity name.
    public func rowCounts() throws -> [(entity: String, rows: Int)] {
        try entityNames.map { ($0, try rowCount(of: $0)) }
    }

    /// A page of an entity's rows in `Z_PK` order, subentities' rows included (the `entity` column tells them
    /// apart): attributes decoded by type, relationships as references to their targets. The filters take the
    /// syntax Strata stores take (`RowFilter`: `=`, `!=`, `~` contains ignoring case, `<`, `<=`, `>`, `>=` on
    /// numbers and dates) on the columns as the rows show them (`Z_PK`, `entity`, attributes, to-one
    /// relationships as `3` or `Item#3`); an impossible filter throws `AppleStoreError.invalidFilter`.
    ///
    /// ```swift
    /// let page = try store.rows(of: "Item", filters: RowFilter.parseLine("name~axe Z_PK>2"))
    /// ```
    public func rows(
        of entity: String, limit: Int = 50, offset: Int = 0, filters: [RowFilter] = []
    ) throws -> AppleRowPage {
        let storage = try self.storage(of: entity)
        let family = model.family(of: entity)
        let attributes = model.storedAttributes(of: entity)
        let relationships = model.storedRelationships(of: entity)
        let showsEntity = family.count > 1
        let columns = ["Z_PK"] + (showsEntity ? ["entity"] : []) + attributes.map(\.name) + relationships.map(\.name)
        let names = try entityNumbers()
        let familyNumbers = Dictionary(
            names.filter { number, _ in storage.familyNumbers.contains(number) }.map { ($1, $0) }, uniquingKeysWith: min
        )
        let described = AppleRowFilter.Columns(
            path: url.path, entity: entity, storage: storage, attributes: attributes, relationships: relationships,
            numbers: familyNumbers, titles: columns)
        let conditions = try filters.map { try AppleRowFilter($0, in: described) }
        let notes = self.notes(of: entity)
        guard let table = storage.table else {
            return AppleRowPage(entity: entity, columns: columns, rows: [], total: 0, notes: notes)
        }
        return try snapshot.read { db in
            let filter = (["Z_ENT IN \(Self.list(storage.familyNumbers))"] + conditions.map(\.condition)).joined(
                separator: " AND ")
            let bound = conditions.flatMap(\.arguments)
            let total =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM \(StoreLayout.quoted(table)) WHERE \(filter)",
                    arguments: StatementArguments(bound)) ?? 0
            let selected = ["Z_PK", "Z_ENT"] + Self.expressions(of: attributes, in: storage)
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT \(selected.joined(separator: ", ")) FROM \(StoreLayout.quoted(table)) WHERE \(filter) ORDER BY Z_PK LIMIT ? OFFSET ?",
                arguments: StatementArguments(bound + [max(limit, 0).databaseValue, max(offset, 0).databaseValue]))
            let keys = rows.compactMap { $0.integer(0) }
            var links: [String: [Int64: [AppleObjectReference]]] = [:]
            for relationship in relationships {
                let pairs = try Self.pairs(storage.relationships[relationship.name], owners: keys, db: db)
                links[relationship.name] = Dictionary(grouping: pairs, by: { $0.owner }).mapValues {
                    $0.map { AppleObjectReference(entity: relationship.destination, key: $0.target) }
                }
            }
            return AppleRowPage(
                entity: entity, columns: columns,
                rows: rows.map { row in
                    let key = row.integer(0) ?? 0
                    var values: [AppleValue] = [.integer(key)]
                    if showsEntity {
                        values.append(row.integer(1).flatMap { names[$0] }.map(AppleValue.text) ?? .null)
                    }
                    values += Self.values(of: attributes, in: row, from: 2)
                    values += relationships.map { relationship in
                        let targets = links[relationship.name]?[key] ?? []
                        if relationship.isToMany { return .references(targets) }
                        return targets.first.map(AppleValue.reference) ?? .null
                    }
                    return values
                }, total: total, notes: notes)
        }
    }

    /// What a reader of an entity's rows must know: properties whose column is uncertain or missing, and (unless
    /// asked not to) rows of its table that match no entity of the model.
    public func notes(of entity: String, includingUnmatchedRows: Bool = true) -> [String] {
        let table = layout.entities[entity]?.table
        let unmatched =
            includingUnmatchedRows ? layout.unmatchedRows.filter { $0.table == table }.map(\.description) : []
        return propertyNotes(of: entity).map { "\($0.property): \($0.message)" } + unmatched
    }

    /// The properties of an entity whose values are read from an uncertain column, or cannot be read at all.
    func propertyNotes(of entity: String) -> [(property: String, message: String)] {
        guard let storage = layout.entities[entity], storage.table != nil else { return [] }
        var notes: [(property: String, message: String)] = []
        for leaf in model.storedAttributes(of: entity).flatMap(\.leaves) {
            if let uncertainty = storage.attributeColumns[leaf.path]?.uncertainty {
                notes.append((leaf.path, uncertainty))
            } else if storage.attributeColumns[leaf.path] == nil {
                notes.append((leaf.path, "the store has no column for it (shown as NULL)"))
            }
        }
        for relationship in model.storedRelationships(of: entity) {
            switch storage.relationships[relationship.name] {
            case .ownerColumn(_, let column)?:
                if let uncertainty = column.uncertainty { notes.append((relationship.name, uncertainty)) }
            case .unresolved(let reason)?:
                notes.append((relationship.name, "its storage was not found (\(reason)); shown empty"))
            default:
                break
            }
        }
        return notes
    }

    /// Rows of the entity tables whose entity number matches no entity of the model (never dropped silently).
    public var unmatchedRows: [AppleUnmatchedRows] { layout.unmatchedRows }

    /// Entities found in Z_PRIMARYKEY under their renaming identifier (their old name): (entity, stored name).
    public var renamedEntities: [(entity: String, storedName: String)] { layout.renamedEntities }

    /// The rows of a persistent-history table (see `historyTables`) as SQLite stores them, in `Z_PK` order.
    public func historyRows(of table: String, limit: Int = 50, offset: Int = 0) throws -> AppleRowPage {
        guard layout.historyTables.contains(table) else {
            throw AppleStoreError.unknownHistoryTable(path: url.path, table: table, known: layout.historyTables)
        }
        return try snapshot.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(StoreLayout.quoted(table))") ?? 0
            let columns = try db.columns(in: table).map(\.name)
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT \(columns.map(StoreLayout.quoted).joined(separator: ", ")) FROM \(StoreLayout.quoted(table)) ORDER BY Z_PK LIMIT ? OFFSET ?",
                arguments: [max(limit, 0), max(offset, 0)])
            return AppleRowPage(
                entity: table, columns: columns,
                rows: rows.map { row in
                    columns.indices.map { AppleValue(row[$0] as DatabaseValue, kind: nil) }
                }, total: total, notes: [])
        }
    }

    // MARK: - Reading for import

    /// Calls `body` with each row exactly of `entity` (not its subentities): its key and decoded attribute values
    /// in the order of `attributes`.
    func forEachRow(
        of entity: String, attributes: [AppleAttribute], _ body: (Int64, [AppleValue]) throws -> Void
    ) throws {
        let storage = try self.storage(of: entity)
        guard let table = storage.table, let number = storage.entityNumber else { return }
        let selected = ["Z_PK"] + Self.expressions(of: attributes, in: storage)
        try snapshot.read { db in
            let cursor = try Row.fetchCursor(
                db,
                sql:
                    "SELECT \(selected.joined(separator: ", ")) FROM \(StoreLayout.quoted(table)) WHERE Z_ENT = ? ORDER BY Z_PK",
                arguments: [number])
            while let row = try cursor.next() {
                try body(row.integer(0) ?? 0, Self.values(of: attributes, in: row, from: 1))
            }
        }
    }

    /// Every (owner key, target key) pair of a relationship of `entity`, in owner then storage order; nil
    /// with the reason when the store has no storage for it.
    func relationshipPairs(of entity: String, _ relationship: String) throws -> Result<
        [(owner: Int64, target: Int64)], UnresolvedStorage
    > {
        let storage = try self.storage(of: entity).relationships[relationship]
        if case .unresolved(let reason) = storage { return .failure(UnresolvedStorage(reason: reason)) }
        return .success(try snapshot.read { db in try Self.pairs(storage, owners: nil, db: db) })
    }

    /// The SQL expressions that read `attributes`, one per stored value (each field of a composite), NULL for one
    /// the store has no column for.
    private static func expressions(
        of attributes: [AppleAttribute], in storage: AppleStoreLayout.EntityStorage
    ) -> [String] {
        attributes.flatMap(\.leaves).map { storage.attributeColumns[$0.path]?.expression ?? "NULL" }
    }

    /// The decoded values of `attributes` from a row holding their `expressions` from column `start` on: each by
    /// its type, a composite from its fields' columns.
    private static func values(of attributes: [AppleAttribute], in row: Row, from start: Int) -> [AppleValue] {
        var column = start
        return attributes.map { attribute in
            guard attribute.kind == .composite else {
                column += 1
                return AppleValue(row[column - 1] as DatabaseValue, kind: attribute.kind)
            }
            let count = attribute.leafCount
            let raws = (column..<column + count).map { row[$0] as DatabaseValue }
            column += count
            return attribute.compositeValue(raws[...])
        }
    }

    /// Why a relationship's storage was not found.
    struct UnresolvedStorage: Error {
        /// What was looked for.
        let reason: String
    }

    /// Each entity number's entity name.
    func entityNumbers() throws -> [Int64: String] {
        var names: [Int64: String] = [:]
        for entity in model.entities {
            if let number = layout.entities[entity.name]?.entityNumber { names[number] = entity.name }
        }
        return names
    }

    private func storage(of entity: String) throws -> AppleStoreLayout.EntityStorage {
        guard let storage = layout.entities[entity] else {
            throw AppleStoreError.unknownEntity(path: url.path, entity: entity, known: entityNames)
        }
        return storage
    }

    private static func pairs(
        _ storage: AppleStoreLayout.RelationshipStorage?, owners: [Int64]?, db: Database
    ) throws -> [(owner: Int64, target: Int64)] {
        let sql: String
        switch storage {
        case .ownerColumn(let table, let column)?:
            let value = column.expression
            sql =
                "SELECT Z_PK, \(value) FROM \(StoreLayout.quoted(table)) WHERE \(value) IS NOT NULL"
                + (owners.map { " AND Z_PK IN \(list($0))" } ?? "") + " ORDER BY Z_PK"
        case .targetColumn(let table, let column, let order)?:
            let owner = column.expression
            // Ordered relationships in their stored order (Z_FOK_), targets without a position last, by key.
            let position = order.map { "\(StoreLayout.quoted($0)) IS NULL, \(StoreLayout.quoted($0)), " } ?? ""
            sql =
                "SELECT \(owner), Z_PK FROM \(StoreLayout.quoted(table)) WHERE \(owner) IS NOT NULL"
                + (owners.map { " AND \(owner) IN \(list($0))" } ?? "") + " ORDER BY \(owner), \(position)Z_PK"
        case .joinTable(let table, let ownerColumn, let targetColumn, let order)?:
            let position = order.map { "\(StoreLayout.quoted($0)) IS NULL, \(StoreLayout.quoted($0)), " } ?? ""
            sql =
                "SELECT \(StoreLayout.quoted(ownerColumn)), \(StoreLayout.quoted(targetColumn)) FROM \(StoreLayout.quoted(table)) WHERE 1"
                + (owners.map { " AND \(StoreLayout.quoted(ownerColumn)) IN \(list($0))" } ?? "")
                + " ORDER BY \(StoreLayout.quoted(ownerColumn)), \(position)\(StoreLayout.quoted(targetColumn))"
        case .unresolved?, nil:
            return []
        }
        return try Row.fetchAll(db, sql: sql).compactMap { row in
            guard let owner = row.integer(0), let target = row.integer(1) else { return nil }
            return (owner, target)
        }
    }

    /// `(1, 2, 3)` of integers (never text, so nothing from the file reaches SQL text).
    private static func list(_ numbers: [Int64]) -> String {
        "(" + (numbers.isEmpty ? "NULL" : numbers.map(String.init).joined(separator: ", ")) + ")"
    }
}
