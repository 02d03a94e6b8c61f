import Foundation
package import GRDB

/// What a Strata store records about itself in `_strata_metadata`: format, version, schema and fingerprint.
public struct StoreMetadata: Sendable {
    /// The store format this build writes.
    public static let currentFormat = 1

    /// The store format of the file.
    public let format: Int
    /// The schema version the store is at (nil when written from an unversioned schema).
    public let version: Schema.Version?
    /// The schema the store was written with, rebuilt from its recorded description.
    public let schema: Schema
    /// The recorded fingerprint.
    public let fingerprint: String
    /// Columns of entity tables the recorded schema does not know ("Entity.column"): added outside Strata.
    public let unrecordedColumns: [String]

    /// Throws `MigrationError.unrecordedColumns` when columns were added outside Strata (a migration could drop them).
    func requireOnlyRecordedColumns(store: String) throws {
        guard unrecordedColumns.isEmpty else {
            throw MigrationError.unrecordedColumns(
                store: store, version: version, columns: unrecordedColumns)
        }
    }

    /// Reads the metadata of an open database; nil when it has no metadata table.
    static func read(_ db: Database) throws -> StoreMetadata? {
        guard try db.tableExists(StoreLayout.metadataTable) else { return nil }
        let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM \(quote(StoreLayout.metadataTable))")
        var values: [String: String] = [:]
        for row in rows {
            if let key = row["key"] as String?, let value = row["value"] as String? { values[key] = value }
        }
        guard let formatText = values["format"], let format = Int(formatText) else {
            throw StrataError.corruptMetadata("the metadata table has no format")
        }
        guard format <= currentFormat else {
            throw StrataError.corruptMetadata(
                "the store has format \(format); this Strata reads format \(currentFormat) and older")
        }
        guard let schemaText = values["schema"], let fingerprint = values["fingerprint"] else {
            throw StrataError.corruptMetadata("the metadata table has no schema or fingerprint")
        }
        let entities: [Schema.Entity]
        do {
            entities = try JSONDecoder().decode([Schema.Entity].self, from: Data(schemaText.utf8))
        } catch {
            throw StrataError.corruptMetadata("the recorded schema is not valid: \(error)")
        }
        var version: Schema.Version?
        if let text = values["version"], !text.isEmpty {
            guard let parsed = Schema.Version(text) else {
                throw StrataError.corruptMetadata("the recorded version '\(text)' is not a version like 1.2.0")
            }
            version = parsed
        }
        let schema = Schema(entities: entities, version: version)
        return StoreMetadata(
            format: format, version: version, schema: schema, fingerprint: fingerprint,
            unrecordedColumns: try unrecordedColumns(of: schema, in: db))
    }

    /// The columns of the schema's tables that neither an attribute nor a to-one relationship accounts for.
    private static func unrecordedColumns(of schema: Schema, in db: Database) throws -> [String] {
        var found: [String] = []
        for entity in schema.entities {
            let known = Set(
                [StoreLayout.primaryKey] + entity.attributes.map(\.name)
                    + entity.relationships.filter { !$0.isToMany }.map(\.name))
            // The table name is bound, not spliced: names may hold quotes.
            let columns = try String.fetchAll(
                db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [entity.name])
            for column in columns where !known.contains(column) {
                found.append("\(entity.name).\(column)")
            }
        }
        return found
    }

    /// Records a schema as the store's current one.
    package static func write(_ schema: Schema, to db: Database) throws {
        try db.execute(
            sql:
                "CREATE TABLE IF NOT EXISTS \(quote(StoreLayout.metadataTable)) (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)"
        )
        let values: [(String, String)] = [
            ("format", String(currentFormat)),
            ("version", schema.version?.description ?? ""),
            ("schema", String(decoding: schema.canonicalJSON, as: UTF8.self)),
            ("fingerprint", schema.fingerprint),
        ]
        for (key, value) in values {
            try db.execute(
                sql:
                    "INSERT INTO \(quote(StoreLayout.metadataTable)) (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key, value])
        }
    }
}
