import Foundation
import GRDB
import Strata

extension AppSources {
    /// Creates a new Strata store at `schema`'s version with `rows` generated rows per entity: deterministic (the same
    /// rows every time), type-aware (unique values differ, raw-value enums hold real cases, optionals are nil in every
    /// fourth row), with each to-one relationship linked to a row of its destination. Refuses an existing file. The
    /// Codable values and enum cases are those of the version's own types (`SchemaV2.User` for SchemaV2's models).
    package func makeSampleStore(at url: URL, schema: Schema, rows: Int) throws {
        let version = (plans.flatMap(\.versions) + versions).first {
            $0.schema.version == schema.version && $0.schema.entities == schema.entities
        }
        let scopes = (version?.modelTypes ?? [:]).mapValues { $0.split(separator: ".").map(String.init) }
        try SampleStore.make(at: url, schema: schema, rows: rows, samples: SampleValues(index: index, scopes: scopes))
    }
}

/// Sample stores of a plan known only by its schemas (a bundled plan, a frozen version): the same rows as
/// ``AppSources/makeSampleStore(at:schema:rows:)`` makes, a raw-value enum holding its raw type's sample value.
package enum SampleStore {
    /// Creates a new Strata store at `schema`'s version with `rows` generated rows per entity; refuses an existing
    /// file.
    package static func make(at url: URL, schema: Schema, rows: Int) throws {
        try make(
            at: url, schema: schema, rows: rows, samples: SampleValues(index: DeclarationIndex(files: []), scopes: [:]))
    }

    static func make(at url: URL, schema: Schema, rows: Int, samples: SampleValues) throws {
        do {
            try BulkStoreWriter.create(at: url, schema: schema) { writer in
                for entity in schema.entities {
                    let toOne = entity.relationships.filter { !$0.isToMany }
                    let insert = try writer.rows(
                        of: entity.name, columns: entity.attributes.map(\.name) + toOne.map(\.name))
                    for row in stride(from: 1, through: rows, by: 1) {
                        let values = entity.attributes.map { samples.value($0, entity: entity.name, row: row) }
                        // Row n links to row n of the destination (optional links are absent in every fourth row).
                        let links = toOne.map {
                            $0.isOptional && row % 4 == 0 ? DatabaseValue.null : Int64(row).databaseValue
                        }
                        try insert.insert(key: Int64(row), values + links)
                    }
                }
                for entity in schema.entities {
                    for relationship in entity.relationships where relationship.isToMany {
                        for row in stride(from: 1, through: rows, by: 1) {
                            try writer.link(relationship, of: entity, owner: Int64(row), target: Int64(row))
                        }
                    }
                }
            }
        } catch let error as DatabaseError {
            throw StrataError.database(
                store: url.path, operation: "create the sample store",
                code: DatabaseCode(rawValue: error.resultCode.rawValue), message: error.message ?? "\(error)")
        }
    }
}
