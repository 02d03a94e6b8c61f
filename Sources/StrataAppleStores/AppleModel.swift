import Foundation

/// The managed object model a SwiftData or Core Data store carries in Z_MODELCACHE, as Core Data describes it
/// (entities with parents, attribute types by `NSAttributeType` code, relationships with counts and rules).
///
/// `schema` turns it into Strata's description; `AppleModel` keeps what Strata's has no place for.
public struct AppleModel: Hashable, Sendable {
    /// The entities, by name.
    public let entities: [AppleEntity]
    /// The model's version identifiers (`NSVersionIdentifiers`; SwiftData writes the schema version, "1.0.0").
    public let versionIdentifiers: [String]

    /// The entity with this name.
    public func entity(named name: String) -> AppleEntity? { entities.first { $0.name == name } }

    /// The entity and every entity that inherits from it, the entity first.
    public func family(of name: String) -> [AppleEntity] {
        var result: [AppleEntity] = []
        var queue = [name]
        var seen: Set<String> = []
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted, let entity = entity(named: next) else { continue }
            result.append(entity)
            queue += entities.filter { $0.parent == next }.map(\.name)
        }
        return result
    }

    /// The topmost ancestor of an entity (the entity itself when it has no parent); its table holds the family's rows.
    package func root(of name: String) -> String {
        var current = name
        var seen: Set<String> = [name]
        while let parent = entity(named: current)?.parent, seen.insert(parent).inserted { current = parent }
        return current
    }

    /// The entity's attributes with those it inherits, ancestors' first.
    public func allAttributes(of name: String) -> [AppleAttribute] {
        ancestry(of: name).flatMap(\.attributes)
    }

    /// The entity's relationships with those it inherits, ancestors' first.
    public func allRelationships(of name: String) -> [AppleRelationship] {
        ancestry(of: name).flatMap(\.relationships)
    }

    /// The attributes the store holds values of (not transient), inherited ones first.
    package func storedAttributes(of name: String) -> [AppleAttribute] {
        allAttributes(of: name).filter { !$0.isTransient }
    }

    /// The relationships the store holds (not transient), inherited ones first.
    func storedRelationships(of name: String) -> [AppleRelationship] {
        allRelationships(of: name).filter { !$0.isTransient }
    }

    /// The entity's ancestors, nearest first (its parent, then the parent's parent ...).
    public func ancestors(of name: String) -> [String] {
        Array(ancestry(of: name).dropLast().reversed().map(\.name))
    }

    private func ancestry(of name: String) -> [AppleEntity] {
        var chain: [AppleEntity] = []
        var current: String? = name
        var seen: Set<String> = []
        while let next = current, seen.insert(next).inserted, let entity = entity(named: next) {
            chain.insert(entity, at: 0)
            current = entity.parent
        }
        return chain
    }
}

/// One entity of an Apple model.
public struct AppleEntity: Hashable, Sendable {
    /// The entity name (`NSEntityName`), which is also the model class name in SwiftData.
    public let name: String
    /// The entity it inherits from (`NSSuperentity`), if any.
    public let parent: String?
    /// The class that represents it (`NSClassNameForEntity`), when recorded.
    public let className: String?
    /// The renaming identifier (`NSRenamingIdentifier`) when it differs from the name.
    public let renamingIdentifier: String?
    /// True for an abstract entity (no rows of its own).
    public let isAbstract: Bool
    /// The entity's own attributes, by name.
    public let attributes: [AppleAttribute]
    /// The entity's own relationships, by name.
    public let relationships: [AppleRelationship]
    /// Property names that are neither attributes nor relationships (fetched properties), not carried over.
    public let otherProperties: [String]
    /// The uniqueness constraints (`NSUniqueTuples`): each a list of property names unique together.
    public let uniqueTuples: [[String]]
    /// The `versionHashModifier` (`NSVersionHashModifier`): a text that changes Core Data's version hash alone.
    public internal(set) var versionHashModifier: String?
}

/// One attribute of an Apple entity.
public struct AppleAttribute: Hashable, Sendable {
    /// The property name.
    public let name: String
    /// The `NSAttributeType` code (100 Int16 ... 1800 transformable, 2100 composite).
    public let typeCode: Int
    /// True when the attribute is optional (`NSIsOptional`).
    public let isOptional: Bool
    /// The default value, typed by the attribute's kind (`defaultValueString="YES"` of a Boolean is `.bool(true)`,
    /// of an integer `.integer(1)`), when one is recorded; `defaultSource` is its Swift source.
    public let defaultValue: AppleValue?
    /// The renaming identifier when it differs from the name (a rename from that name).
    public let renamingIdentifier: String?
    /// The value class (`NSAttributeValueClassName`), such as NSString.
    public let valueClassName: String?
    /// The value transformer of a transformable attribute.
    public let valueTransformerName: String?
    /// True for a derived attribute (`NSDerivedAttributeDescription`).
    public let isDerived: Bool
    /// True for a transient attribute (`NSIsTransient`): it has no column and holds no data in the store.
    public let isTransient: Bool
    /// The `versionHashModifier` (`NSVersionHashModifier`): a text that changes Core Data's version hash alone.
    public internal(set) var versionHashModifier: String?
    /// True when the attribute allows external storage (`allowsExternalBinaryDataStorage`; bit 4 of the archive's
    /// `NSFlagsKey`): in Core Data's version hash, not in the store's columns.
    public internal(set) var allowsExternalStorage = false
    /// True when the attribute keeps its value in the persistent history when its object is deleted
    /// (`preservesValueInHistoryOnDeletion`; bit 0x10 of the archive's `NSFlagsKey`): in Core Data's version hash.
    public internal(set) var preservesValueAfterDeletion = false
    /// The fields of a composite attribute (`NSCompositeElements`, SwiftData's Codable struct) in the model's order,
    /// nested composites with their own fields; empty for other kinds.
    public internal(set) var fields: [AppleAttribute] = []
    /// True for a composite SwiftData wrote for an enum (`EnumType` in its user info): one field holds the raw value.
    public internal(set) var isEnum = false

    /// The kind the type code stands for.
    public var kind: AppleAttributeKind { AppleAttributeKind(code: typeCode) }

    /// The default value as Swift source (`0`, `"1"`, `UUID(uuidString: "…")!`), as diffs show it.
    public var defaultSource: String? { defaultValue?.swiftSource }
}

/// What an `NSAttributeType` code stands for.
public enum AppleAttributeKind: Hashable, Sendable, CustomStringConvertible {
    case integer16, integer32, integer64, decimal, double, float, string, boolean, date, binary, uuid, uri
    case transformable, objectID, composite
    /// A code this reader does not know.
    case unknown(Int)

    /// The kind of a code.
    init(code: Int) {
        switch code {
        case 100: self = .integer16
        case 200: self = .integer32
        case 300: self = .integer64
        case 400: self = .decimal
        case 500: self = .double
        case 600: self = .float
        case 700: self = .string
        case 800: self = .boolean
        case 900: self = .date
        case 1000: self = .binary
        case 1100: self = .uuid
        case 1200: self = .uri
        case 1800: self = .transformable
        case 2000: self = .objectID
        case 2100: self = .composite
        default: self = .unknown(code)
        }
    }

    /// Core Data's name of the kind ("Integer 16", "Transformable").
    public var description: String {
        switch self {
        case .integer16: "Integer 16"
        case .integer32: "Integer 32"
        case .integer64: "Integer 64"
        case .decimal: "Decimal"
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .boolean: "Boolean"
        case .date: "Date"
        case .binary: "Binary"
        case .uuid: "UUID"
        case .uri: "URI"
        case .transformable: "Transformable"
        case .objectID: "Object ID"
        case .composite: "Composite"
        case .unknown(let code): "type \(code)"
        }
    }
}

/// One relationship of an Apple entity.
public struct AppleRelationship: Hashable, Sendable {
    /// The property name.
    public let name: String
    /// The destination entity's name.
    public let destination: String
    /// The inverse relationship's name on the destination, if any.
    public let inverse: String?
    /// True when the relationship holds many objects (`NSMaxCount` other than 1).
    public let isToMany: Bool
    /// True when the relationship is optional.
    public let isOptional: Bool
    /// The fewest objects allowed (0: no limit).
    public let minCount: Int
    /// The most objects allowed (0: no limit).
    public let maxCount: Int
    /// The delete rule code: 0 no action, 1 nullify, 2 cascade, 3 deny.
    public let deleteRuleCode: Int
    /// True for an ordered to-many relationship.
    public let isOrdered: Bool
    /// The renaming identifier when it differs from the name.
    public let renamingIdentifier: String?
    /// True for a transient relationship (`NSIsTransient`): nothing of it is stored.
    public let isTransient: Bool
    /// The `versionHashModifier` (`NSVersionHashModifier`): a text that changes Core Data's version hash alone.
    public internal(set) var versionHashModifier: String?
}
