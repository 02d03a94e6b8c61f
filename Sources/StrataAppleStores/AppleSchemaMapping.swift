import Foundation
import Strata

/// Something of an Apple store that Strata's schema or store cannot hold as it is, said instead of dropped.
public struct ImportNote: Hashable, Sendable, CustomStringConvertible {
    /// The entity concerned.
    public let entity: String
    /// The attribute or relationship concerned, if one.
    public let property: String?
    /// What happens to it.
    public let message: String

    /// "Entity.property: message".
    public var description: String {
        (property.map { "\(entity).\($0)" } ?? entity) + ": " + message
    }
}

/// Turns an `AppleModel` into Strata's `Schema`: each entity becomes a Strata entity with the properties it
/// inherits (Strata has no inheritance), transient properties (no data in the store) are left out, attribute types map from `NSAttributeType`, single-property unique
/// constraints become `.unique` and constraints of several attributes `#Unique` groups, renaming identifiers (of entities and
/// of properties) become `originalName`.
struct AppleSchemaMapping {
    let model: AppleModel

    /// The Strata value type of an attribute kind; nil for kinds Strata cannot store as one value (composite, whose
    /// type `AppleAttribute.compositeValueType` gives from its fields, and object ID).
    static func valueType(of kind: AppleAttributeKind) -> ValueType? {
        switch kind {
        case .integer16: .int16
        case .integer32: .int32
        case .integer64: .int
        case .decimal: .decimal
        case .double: .double
        case .float: .float
        case .string: .string
        case .boolean: .bool
        case .date: .date
        case .binary, .transformable: .data
        case .uuid: .uuid
        case .uri: .url
        case .objectID, .composite, .unknown: nil
        }
    }

    /// The schema and what it could not carry over.
    func schema(version: Schema.Version?) -> (schema: Schema, notes: [ImportNote]) {
        var notes: [ImportNote] = []
        var entities: [Schema.Entity] = []
        var defaults: [String: [String: StoredDefault]] = [:]
        for entity in model.entities {
            let ancestry = model.ancestors(of: entity.name).compactMap(model.entity(named:))
            if let parent = entity.parent {
                let chain = model.ancestors(of: entity.name).joined(separator: " -> ")
                notes.append(
                    ImportNote(
                        entity: entity.name, property: nil,
                        message:
                            "inherits from \(chain); Strata has no inheritance, so it becomes its own entity with the inherited properties, and \(parent) keeps only the rows that are exactly \(parent)"
                    ))
            }
            if entity.isAbstract {
                notes.append(
                    ImportNote(
                        entity: entity.name, property: nil,
                        message: "is abstract; it becomes an entity without rows of its own"))
            }
            let tuples = ([entity] + ancestry).flatMap(\.uniqueTuples)
            let uniqueNames = Set(tuples.filter { $0.count == 1 }.map { $0[0] })
            var attributes: [Schema.Attribute] = []
            for attribute in model.storedAttributes(of: entity.name) {
                guard let type = attribute.compositeValueType ?? Self.valueType(of: attribute.kind) else {
                    notes.append(
                        ImportNote(
                            entity: entity.name, property: attribute.name,
                            message: "\(attribute.kind) attribute is not carried over: Strata has no such value type"))
                    continue
                }
                if attribute.kind == .transformable {
                    let transformer = attribute.valueTransformerName.map { " (transformer \($0))" } ?? ""
                    notes.append(
                        ImportNote(
                            entity: entity.name, property: attribute.name,
                            message:
                                "transformable attribute\(transformer) is carried over as Data holding the archived bytes; decode them in a custom stage"
                        ))
                }
                if case .codable = type, attribute.kind == .composite {
                    notes.append(
                        ImportNote(
                            entity: entity.name, property: attribute.name,
                            message:
                                "composite attribute (a Codable struct) is carried over as JSON of its fields, each read from its own column"
                        ))
                }
                if attribute.isDerived {
                    notes.append(
                        ImportNote(
                            entity: entity.name, property: attribute.name,
                            message:
                                "derived attribute is carried over as its stored values; Strata will not recompute it"))
                }
                defaults[entity.name, default: [:]][attribute.name] = Self.storedDefault(of: attribute, type: type)
                attributes.append(
                    Schema.Attribute(
                        name: attribute.name, originalName: attribute.renamingIdentifier, valueType: type,
                        isOptional: attribute.isOptional, defaultValue: attribute.defaultSource,
                        options: uniqueNames.contains(attribute.name) ? [.unique] : []))
            }
            // Several properties unique together (SwiftData's `#Unique` group) become a group when they all are
            // attributes: a relationship's column cannot be part of one.
            let attributeNames = Set(attributes.map(\.name))
            var groups: [[String]] = []
            for tuple in tuples where tuple.count > 1 {
                if tuple.allSatisfy(attributeNames.contains) {
                    groups.append(tuple)
                    continue
                }
                notes.append(
                    ImportNote(
                        entity: entity.name, property: nil,
                        message:
                            "unique together (\(tuple.joined(separator: ", "))) is not carried over: a #Unique group can name only attributes Strata stores"
                    ))
            }
            for other in ([entity] + ancestry).flatMap(\.otherProperties) {
                notes.append(
                    ImportNote(entity: entity.name, property: other, message: "fetched property is not carried over"))
            }
            var relationships: [Schema.Relationship] = []
            for relationship in model.storedRelationships(of: entity.name) {
                if model.family(of: relationship.destination).count > 1 {
                    notes.append(
                        ImportNote(
                            entity: entity.name, property: relationship.name,
                            message:
                                "its destination \(relationship.destination) has subentities; references to their rows cannot be carried over (flattened entities are separate tables)"
                        ))
                }
                relationships.append(
                    Schema.Relationship(
                        name: relationship.name, originalName: relationship.renamingIdentifier,
                        destination: relationship.destination, isToMany: relationship.isToMany,
                        isOptional: relationship.isOptional, inverse: relationship.inverse,
                        deleteRule: Self.deleteRule(relationship.deleteRuleCode),
                        minimumModelCount: relationship.isToMany ? relationship.minCount : 0,
                        maximumModelCount: relationship.isToMany ? relationship.maxCount : 0))
            }
            entities.append(
                Schema.Entity(
                    name: entity.name, originalName: entity.renamingIdentifier, attributes: attributes,
                    relationships: relationships,
                    uniquenessConstraints: groups))
        }
        return (Schema(entities: entities, version: version, defaults: defaults), notes)
    }

    /// What existing rows get when a migration adds the attribute or makes it required: its default in Strata's
    /// store format, written as an import writes the attribute's values. A transformable's default is an object its
    /// value transformer archives, which only the app can do: the rows are left unfilled and the stage says so.
    static func storedDefault(of attribute: AppleAttribute, type: ValueType) -> StoredDefault? {
        guard let value = attribute.defaultValue, value != .null else { return nil }
        if attribute.kind == .transformable { return .unknown(expression: attribute.defaultSource ?? "") }
        return StoredDefault(stored: AppleStoreImport.strataValue(value, type: type))
    }

    /// The Strata delete rule of a Core Data delete rule code (0 no action, 1 nullify, 2 cascade, 3 deny).
    static func deleteRule(_ code: Int) -> Schema.Relationship.DeleteRule {
        switch code {
        case 0: .noAction
        case 2: .cascade
        case 3: .deny
        default: .nullify
        }
    }
}
