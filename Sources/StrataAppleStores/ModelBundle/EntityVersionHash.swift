import Foundation
import Strata

/// Core Data's entity version hashes (`NSEntityDescription.versionHash`, the values a store records as
/// `NSStoreModelVersionHashes`), computed from a model as Core Data computes them; reproduced byte for byte on the
/// real stores of the fixtures (docs/APPLE_STORES.md, "Which version a store is at").
///
/// Each hash is SHA-256 over bytes in this order (integers little-endian, texts UTF-8 without a terminator):
/// - a property: its name, a 16-bit set of flags (1 optional, 2 transient, 4 read-only), its `versionHashModifier`;
/// - an attribute: its property hash (32 bytes), its `NSAttributeType` (32 bits), a byte 1 when it allows external
///   storage, a byte 1 when it preserves its value in the history on deletion; a composite attribute (SwiftData's
///   Codable struct): only its persistent leaf fields' hashes in name order, a nested composite flattened into its
///   fields;
/// - a relationship: its property hash, its destination entity's name, its inverse's name (when it has an inverse
///   other than itself), its maximum and minimum counts (32 bits each; a to-many without a maximum 0, a to-one 1),
///   a 16-bit 1 when ordered;
/// - an entity: its name, a byte for its abstract flag, its parent's hash (32 bytes), the hashes of its persistent
///   attributes and relationships, its own and its ancestors', in name order, its `versionHashModifier`, then each
///   uniqueness constraint's names joined by "." in sorted order.
package enum EntityVersionHash {
    /// The hash of each entity of a model version read from its `contents` XML, by entity name.
    package static func hashes(of version: ModelVersion) -> [String: Data] {
        hashes(
            of: version.entities.map { entity in
                Entity(
                    name: entity.name, parent: entity.parent, isAbstract: entity.isAbstract,
                    modifier: entity.versionHashModifier, uniqueness: entity.uniquenessConstraints,
                    properties: entity.attributes.map { attribute in
                        Property(
                            name: attribute.name, isOptional: attribute.isOptional, isTransient: attribute.isTransient,
                            modifier: attribute.versionHashModifier,
                            kind: .attribute(
                                type: attribute.typeCode, external: attribute.allowsExternalStorage,
                                preserved: attribute.preservesValueAfterDeletion, elements: []))
                    }
                        + entity.relationships.map { property($0, in: entity.name) })
            })
    }

    /// The hash of each entity of a store's embedded model, by entity name (the history flag read from the archive's
    /// `NSFlagsKey`, as `AppleAttribute.preservesValueAfterDeletion`).
    package static func hashes(of model: AppleModel) -> [String: Data] {
        hashes(
            of: model.entities.map { entity in
                Entity(
                    name: entity.name, parent: entity.parent, isAbstract: entity.isAbstract,
                    modifier: entity.versionHashModifier, uniqueness: entity.uniqueTuples,
                    properties: entity.attributes.map { attribute in
                        property(attribute)
                    }
                        + entity.relationships.map { property($0, in: entity.name) })
            })
    }

    /// A relationship, read from a model's XML or from a store's embedded model, as the hash reads it: a
    /// relationship that is its own inverse hashes without one.
    private static func property(_ relationship: some HashedRelationship, in entity: String) -> Property {
        Property(
            name: relationship.name, isOptional: relationship.isOptional, isTransient: relationship.isTransient,
            modifier: relationship.versionHashModifier,
            kind: .relationship(
                destination: relationship.destination,
                inverse: relationship.inverse == relationship.name && relationship.destination == entity
                    ? nil : relationship.inverse,
                maxCount: relationship.isToMany ? relationship.maxCount : 1,
                minCount: relationship.minCount, isOrdered: relationship.isOrdered))
    }

    /// An embedded model's attribute (a composite with its fields) as the hash reads it.
    private static func property(_ attribute: AppleAttribute) -> Property {
        Property(
            name: attribute.name, isOptional: attribute.isOptional, isTransient: attribute.isTransient,
            modifier: attribute.versionHashModifier,
            kind: .attribute(
                type: attribute.typeCode, external: attribute.allowsExternalStorage,
                preserved: attribute.preservesValueAfterDeletion,
                elements: attribute.fields.map(property)))
    }

    /// The fields of an entity the hash covers.
    struct Entity {
        let name: String
        let parent: String?
        let isAbstract: Bool
        let modifier: String?
        let uniqueness: [[String]]
        let properties: [Property]
    }

    /// The fields of a property the hash covers.
    struct Property {
        let name: String
        let isOptional: Bool
        let isTransient: Bool
        let modifier: String?
        let kind: Kind

        /// An attribute's or a relationship's own fields.
        enum Kind {
            /// `elements` are a composite attribute's fields (SwiftData's Codable structs), empty otherwise.
            case attribute(type: Int, external: Bool, preserved: Bool, elements: [Property])
            /// `inverse` is nil for a relationship that is its own inverse (Core Data leaves it out then).
            case relationship(destination: String, inverse: String?, maxCount: Int, minCount: Int, isOrdered: Bool)
        }

        /// `NSCompositeAttributeType`.
        static let compositeType = 2100

        /// The fields of a composite, each nested composite replaced by its own fields, depth first in the model's
        /// order (Core Data's `_flattenElements:`).
        static func leaves(of elements: [Property]) -> [Property] {
            elements.flatMap { element -> [Property] in
                if case .attribute(compositeType, _, _, let fields) = element.kind { return leaves(of: fields) }
                return [element]
            }
        }

        /// The property's hash.
        var hash: Data {
            var base = SHA256()
            base.update(data: Data(name.utf8))
            let flags = UInt16((isOptional ? 1 : 0) | (isTransient ? 2 : 0))
            base.update(data: EntityVersionHash.bytes(flags))
            if let modifier { base.update(data: Data(modifier.utf8)) }
            var hash = SHA256()
            hash.update(data: Data(base.finalize()))
            switch kind {
            case .attribute(let type, let external, let preserved, let elements):
                hash.update(data: EntityVersionHash.bytes(UInt32(truncatingIfNeeded: type)))
                if external { hash.update(data: Data([1])) }
                if preserved { hash.update(data: Data([1])) }
                if type == Self.compositeType, !elements.isEmpty {
                    // A composite: only its persistent leaf fields' hashes, nested composites flattened into their
                    // fields, all in name order (Core Data's -[NSCompositeAttributeDescription _versionHash:inStyle:]
                    // sorts `_flattenElements:` by name; it computes the attribute's own hash first but never feeds
                    // it in, as the fixtures' SwiftData stores confirm).
                    var composite = SHA256()
                    let leaves = Self.leaves(of: elements).enumerated().sorted {
                        ($0.element.name, $0.offset) < ($1.element.name, $1.offset)
                    }
                    for (_, leaf) in leaves where !leaf.isTransient {
                        composite.update(data: leaf.hash)
                    }
                    return Data(composite.finalize())
                }
            case .relationship(let destination, let inverse, let maxCount, let minCount, let isOrdered):
                hash.update(data: Data(destination.utf8))
                if let inverse { hash.update(data: Data(inverse.utf8)) }
                hash.update(data: EntityVersionHash.bytes(Int32(truncatingIfNeeded: maxCount)))
                hash.update(data: EntityVersionHash.bytes(Int32(truncatingIfNeeded: minCount)))
                if isOrdered { hash.update(data: EntityVersionHash.bytes(UInt16(1))) }
            }
            return Data(hash.finalize())
        }
    }

    /// The hashes of `entities`, parents before children, by name.
    static func hashes(of entities: [Entity]) -> [String: Data] {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var done: [String: Data] = [:]
        func hash(of name: String, depth: Int) -> Data? {
            if let known = done[name] { return known }
            guard depth < 64, let entity = byName[name] else { return nil }
            var ancestry: [Entity] = [entity]
            var seen: Set<String> = [name]
            while let parent = ancestry.last?.parent, seen.insert(parent).inserted, let next = byName[parent] {
                ancestry.append(next)
            }
            var properties: [String: Property] = [:]
            for level in ancestry.reversed() {
                for property in level.properties { properties[property.name] = property }
            }
            var sha = SHA256()
            sha.update(data: Data(entity.name.utf8))
            sha.update(data: Data([entity.isAbstract ? 1 : 0]))
            if let parent = entity.parent, let parentHash = hash(of: parent, depth: depth + 1) {
                sha.update(data: parentHash)
            }
            for name in properties.keys.sorted() {
                guard let property = properties[name], !property.isTransient else { continue }
                sha.update(data: property.hash)
            }
            if let modifier = entity.modifier { sha.update(data: Data(modifier.utf8)) }
            for constraint in entity.uniqueness.map({ $0.joined(separator: ".") }).sorted() where !constraint.isEmpty {
                sha.update(data: Data(constraint.utf8))
            }
            let result = Data(sha.finalize())
            done[name] = result
            return result
        }
        var result: [String: Data] = [:]
        for entity in entities { result[entity.name] = hash(of: entity.name, depth: 0) }
        return result
    }

    /// An integer's little-endian bytes.
    static func bytes<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }
}

/// The fields of a relationship its version hash covers, as both readers of a model (its XML and a store's embedded
/// archive) hold them.
protocol HashedRelationship {
    var name: String { get }
    var isOptional: Bool { get }
    var isTransient: Bool { get }
    var versionHashModifier: String? { get }
    var destination: String { get }
    var inverse: String? { get }
    var isToMany: Bool { get }
    var maxCount: Int { get }
    var minCount: Int { get }
    var isOrdered: Bool { get }
}

extension AppleRelationship: HashedRelationship {}
extension ModelRelationship: HashedRelationship {}
