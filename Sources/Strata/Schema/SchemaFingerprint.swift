import Crypto
import Foundation

extension Schema {
    /// The schema's entities in a canonical order (entities, attributes, relationships by name; `#Unique` and
    /// `#Index` groups in name order, each group's names as written), without the entities' `originalName`: it says
    /// how a version was reached, not what it stores (Core Data's version hashes leave renaming identifiers out too),
    /// so a version read from a Core Data model and the same `@Model` types are one version.
    public var canonicalEntities: [Entity] { Self.canonical(entities) }

    /// `entities` in the canonical order of `canonicalEntities`.
    private static func canonical(_ entities: [Entity]) -> [Entity] {
        entities.sorted { $0.name < $1.name }.map { entity in
            var entity = entity
            entity.originalName = nil
            entity.attributes.sort { $0.name < $1.name }
            entity.relationships.sort { $0.name < $1.name }
            entity.uniquenessConstraints.sort { $0.lexicographicallyPrecedes($1) }
            entity.indexes.sort { $0.lexicographicallyPrecedes($1) }
            return entity
        }
    }

    /// The canonical JSON of the entities: sorted keys, no whitespace; what the fingerprint hashes.
    public var canonicalJSON: Data { Self.canonicalJSON(of: entities) }

    /// The canonical JSON of `entities`.
    private static func canonicalJSON(of entities: [Entity]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings, numbers and arrays cannot fail.
        return (try? encoder.encode(canonical(entities))) ?? Data()
    }

    /// SHA-256 of the canonical JSON, in hex: equal for structurally identical schemas, whatever their version.
    /// Computed once, when the schema is made (plans compare fingerprints at every step of a path).
    public var fingerprint: String { storedFingerprint }

    /// The fingerprint of `entities`, as `fingerprint` gives it.
    static func fingerprint(of entities: [Entity]) -> String {
        SHA256.hash(data: canonicalJSON(of: entities)).map { String(format: "%02x", $0) }.joined()
    }

    /// The first 8 hex digits of the fingerprint, for display.
    public var shortFingerprint: String { String(fingerprint.prefix(8)) }
}
