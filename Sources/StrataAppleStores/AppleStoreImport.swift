import Foundation
internal import GRDB
import Strata

/// What an import wrote and what it could not carry over.
public struct AppleImportReport: Sendable {
    /// The Apple store read.
    public let source: URL
    /// The Strata store written.
    public let destination: URL
    /// The schema recorded in the new store (with its version, when it has one).
    public let schema: Schema
    /// Each entity with the rows written, by entity name.
    public let rows: [(entity: String, rows: Int)]
    /// The relationship links written (foreign keys and join-table rows).
    public let links: Int
    /// What could not be carried over, and how the rest was mapped where it matters.
    public let notes: [ImportNote]
}

/// Copies an Apple store's model and rows into a new Strata store, so that a migration plan can be dry-run
/// against real rows (`Migrator.dryRun`, `strata migrate --dry-run`).
///
/// Keys are kept (`Z_PK` becomes `_pk`), values are written in Strata's stored form (dates as seconds since
/// 2001, UUIDs as 16-byte blobs, decimals as exact text), relationships as Strata stores them (foreign keys
/// and join tables). Anything that cannot be carried over is reported as an `ImportNote`, never dropped silently.
/// The Apple store is read through a private copy and never written; the new store is written in one
/// transaction, and nothing is left at the destination when the import fails.
///
/// ```swift
/// let report = try AppleStoreImport.run(from: appleStoreURL, to: newStoreURL)
/// report.notes.forEach { print($0) }
/// ```
public enum AppleStoreImport {
    /// Imports the store at `source` into a new Strata store at `destination` (which must not exist).
    ///
    /// With `planSchema` (a plan's version), the imported model must equal it (differences in default values
    /// aside, which Apple stores record as sample values): the plan's schema and version are then recorded, so
    /// the plan recognises the store; otherwise `AppleStoreError.schemaMismatch` lists the differences and nothing
    /// is written. Without it, the store's own model is recorded at `version` (or the store's version
    /// identifier when it reads as a version).
    @discardableResult
    public static func run(
        from source: URL, to destination: URL, recordingAs planSchema: Schema? = nil, version: Schema.Version? = nil
    ) throws -> AppleImportReport {
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw AppleStoreError.destinationExists(path: destination.path)
        }
        return try run(from: AppleStore(url: source), to: destination, recordingAs: planSchema, version: version)
    }

    /// Imports `store`, already open (read from the private copy it was opened with, not copied again), as
    /// the form taking its URL does.
    @discardableResult
    public static func run(
        from store: AppleStore, to destination: URL, recordingAs planSchema: Schema? = nil,
        version: Schema.Version? = nil
    ) throws -> AppleImportReport {
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw AppleStoreError.destinationExists(path: destination.path)
        }
        let source = store.url
        var (schema, notes) = store.schema(version: version)
        if let planSchema {
            let standing = PlanStanding(store: store, versions: [planSchema])
            guard standing.equal != nil else {
                throw AppleStoreError.schemaMismatch(
                    path: source.path, version: planSchema.version.label,
                    differences: standing.closestDifferences.map(\.description))
            }
            schema = planSchema
        }
        do {
            let (rows, links, dropped) = try write(store, schema: schema, to: destination)
            notes += dropped + readingNotes(store, schema: schema)
            return AppleImportReport(
                source: source, destination: destination, schema: schema, rows: rows, links: links, notes: notes)
        } catch let error as AppleStoreError {
            throw error
        } catch {
            throw AppleStoreError.importFailed(
                path: destination.path, message: (error as? DatabaseError)?.message ?? "\(error)")
        }
    }

    /// Writes the store's rows and links at `schema` into a new Strata store (`BulkStoreWriter`).
    private static func write(
        _ store: AppleStore, schema: Schema, to destination: URL
    ) throws -> (rows: [(entity: String, rows: Int)], links: Int, notes: [ImportNote]) {
        var counts: [(entity: String, rows: Int)] = []
        var links = 0
        var notes: [ImportNote] = []
        try BulkStoreWriter.create(at: destination, schema: schema) { writer in
            var keys: [String: Set<Int64>] = [:]
            for entity in schema.entities {
                let attributes = entity.attributes.compactMap { attribute in
                    store.model.storedAttributes(of: entity.name).first { $0.name == attribute.name }
                }
                let rows = try writer.rows(of: entity.name, columns: attributes.map(\.name))
                let types = attributes.map { attribute in entity.attribute(named: attribute.name)?.valueType ?? .data }
                var written: Set<Int64> = []
                try store.forEachRow(of: entity.name, attributes: attributes) { key, values in
                    try rows.insert(key: key, zip(values, types).map { strataValue($0, type: $1) })
                    written.insert(key)
                }
                keys[entity.name] = written
                counts.append((entity.name, written.count))
            }
            for entity in schema.entities {
                for relationship in entity.relationships {
                    let ordered =
                        store.model.storedRelationships(of: entity.name).first { $0.name == relationship.name }?
                        .isOrdered == true
                    let owned = writer.writesLinks(of: relationship, in: entity)
                    if ordered, !owned || !relationship.isToMany {
                        notes.append(
                            ImportNote(
                                entity: entity.name, property: relationship.name,
                                message:
                                    "ordered relationship: Strata keeps it through \(relationship.destination)'s foreign key, which has no position, so its stored order is not carried over"
                            ))
                    }
                    guard owned else { continue }
                    let pairs: [(owner: Int64, target: Int64)]
                    switch try store.relationshipPairs(of: entity.name, relationship.name) {
                    case .success(let found): pairs = found
                    case .failure(let unresolved):
                        notes.append(
                            ImportNote(
                                entity: entity.name, property: relationship.name,
                                message:
                                    "not carried over: its storage in the Apple store was not found (\(unresolved.reason))"
                            ))
                        continue
                    }
                    let owners = keys[entity.name] ?? []
                    let targets = keys[relationship.destination] ?? []
                    var skipped = 0
                    var positions: [Int64: Int] = [:]
                    for pair in pairs {
                        guard owners.contains(pair.owner) else { continue }
                        guard targets.contains(pair.target) else {
                            skipped += 1
                            continue
                        }
                        let position = positions[pair.owner, default: 0]
                        positions[pair.owner] = position + 1
                        if try writer.link(
                            relationship, of: entity, owner: pair.owner, target: pair.target, position: position)
                        {
                            links += 1
                        }
                    }
                    if skipped > 0 {
                        notes.append(
                            ImportNote(
                                entity: entity.name, property: relationship.name,
                                message:
                                    "\(skipped) reference(s) to \(relationship.destination) rows that were not imported (subentity rows or dangling keys) were left out"
                            ))
                    }
                }
            }
        }
        return (counts, links, notes)
    }

    /// Values read from uncertain columns, properties without a column, and rows of unknown entities (once per table).
    private static func readingNotes(_ store: AppleStore, schema: Schema) -> [ImportNote] {
        var notes: [ImportNote] = []
        for entity in schema.entities {
            notes += store.propertyNotes(of: entity.name).map {
                ImportNote(entity: entity.name, property: $0.property, message: $0.message)
            }
        }
        notes += store.unmatchedRows.map { ImportNote(entity: $0.table, property: nil, message: $0.description) }
        return notes
    }

    /// A decoded Apple value in the form Strata stores for `type`: a composite's JSON as its text, and the raw value
    /// of a SwiftData enum as JSON too where the plan holds the enum as a Codable value.
    static func strataValue(_ value: AppleValue, type: ValueType) -> DatabaseValue {
        if case .codable = type, let json = StoredJSON(scalar: value) { return json.description.databaseValue }
        switch value {
        case .null, .reference, .references: return .null
        case .integer(let number):
            if type == .decimal { return Decimal(number).description.databaseValue }
            return number.databaseValue
        case .real(let number): return number.databaseValue
        case .text(let text): return text.databaseValue
        case .blob(let data): return data.databaseValue
        case .bool(let flag): return (flag ? 1 : 0).databaseValue
        case .date(let date): return date.timeIntervalSinceReferenceDate.databaseValue
        case .uuid(let uuid): return withUnsafeBytes(of: uuid.uuid) { Data($0) }.databaseValue
        case .decimal(let number): return number.description.databaseValue
        case .url(let text): return text.databaseValue
        case .json(let json): return json.description.databaseValue
        }
    }
}
