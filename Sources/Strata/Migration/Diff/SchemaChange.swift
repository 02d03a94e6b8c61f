/// One typed difference between two schemas, as found by `SchemaDiff`.
public enum SchemaChange: Hashable, Sendable, CustomStringConvertible {
    case entityAdded(Schema.Entity)
    case entityRemoved(Schema.Entity)
    /// An entity renamed through its `originalName` (a Core Data renaming identifier): its rows, links and keys carry
    /// over under the new name.
    case entityRenamed(from: String, to: Schema.Entity)
    case attributeAdded(entity: String, Schema.Attribute)
    case attributeRemoved(entity: String, Schema.Attribute)
    case attributeRenamed(entity: String, from: String, to: Schema.Attribute)
    case attributeTypeChanged(entity: String, attribute: String, from: ValueType, to: ValueType)
    case attributeOptionalityChanged(entity: String, attribute: Schema.Attribute, isOptional: Bool)
    case uniqueAdded(entity: String, attribute: String)
    case uniqueRemoved(entity: String, attribute: String)
    /// A `#Unique` group added: the attributes whose values together become unique.
    case uniquenessAdded(entity: String, attributes: [String])
    /// A `#Unique` group removed.
    case uniquenessRemoved(entity: String, attributes: [String])
    /// An `#Index` group added.
    case indexAdded(entity: String, attributes: [String])
    /// An `#Index` group removed.
    case indexRemoved(entity: String, attributes: [String])
    case defaultChanged(entity: String, attribute: Schema.Attribute, from: String?)
    case relationshipAdded(entity: String, Schema.Relationship)
    case relationshipRemoved(entity: String, Schema.Relationship)
    case relationshipRenamed(entity: String, from: String, to: Schema.Relationship)
    case relationshipCardinalityChanged(entity: String, relationship: String, isToMany: Bool)
    case relationshipDestinationChanged(entity: String, relationship: String, from: String, to: String)
    case deleteRuleChanged(
        entity: String, relationship: String, from: Schema.Relationship.DeleteRule, to: Schema.Relationship.DeleteRule)
    case inverseChanged(entity: String, relationship: String, from: String?, to: String?)

    /// The entity the change belongs to.
    public var entity: String {
        switch self {
        case .entityAdded(let entity), .entityRemoved(let entity), .entityRenamed(_, let entity): entity.name
        case .attributeAdded(let entity, _), .attributeRemoved(let entity, _), .attributeRenamed(let entity, _, _),
            .attributeTypeChanged(let entity, _, _, _), .attributeOptionalityChanged(let entity, _, _),
            .uniqueAdded(let entity, _), .uniqueRemoved(let entity, _), .uniquenessAdded(let entity, _),
            .uniquenessRemoved(let entity, _), .indexAdded(let entity, _), .indexRemoved(let entity, _),
            .defaultChanged(let entity, _, _),
            .relationshipAdded(let entity, _), .relationshipRemoved(let entity, _),
            .relationshipRenamed(let entity, _, _),
            .relationshipCardinalityChanged(let entity, _, _), .relationshipDestinationChanged(let entity, _, _, _),
            .deleteRuleChanged(let entity, _, _, _), .inverseChanged(let entity, _, _, _):
            entity
        }
    }

    /// The property the change is about (nil for whole-entity changes).
    public var property: String? {
        switch self {
        case .entityAdded, .entityRemoved, .entityRenamed: nil
        case .attributeAdded(_, let attribute), .attributeRemoved(_, let attribute): attribute.name
        case .attributeRenamed(_, _, let attribute), .attributeOptionalityChanged(_, let attribute, _),
            .defaultChanged(_, let attribute, _):
            attribute.name
        case .attributeTypeChanged(_, let name, _, _), .uniqueAdded(_, let name), .uniqueRemoved(_, let name),
            .relationshipCardinalityChanged(_, let name, _), .relationshipDestinationChanged(_, let name, _, _),
            .deleteRuleChanged(_, let name, _, _), .inverseChanged(_, let name, _, _):
            name
        case .relationshipAdded(_, let relationship), .relationshipRemoved(_, let relationship): relationship.name
        case .relationshipRenamed(_, _, let relationship): relationship.name
        case .uniquenessAdded(_, let names), .uniquenessRemoved(_, let names), .indexAdded(_, let names),
            .indexRemoved(_, let names):
            Self.group(names)
        }
    }

    /// How a `#Unique` or `#Index` group is named where a property would be: "(givenName, familyName)".
    static func group(_ names: [String]) -> String { "(\(names.joined(separator: ", ")))" }

    /// "+" for additions, "-" for removals, "~" for modifications.
    public var marker: String {
        switch self {
        case .entityAdded, .attributeAdded, .relationshipAdded, .uniqueAdded, .uniquenessAdded, .indexAdded: "+"
        case .entityRemoved, .attributeRemoved, .relationshipRemoved, .uniqueRemoved, .uniquenessRemoved, .indexRemoved:
            "-"
        default: "~"
        }
    }

    /// A one-line description, such as "Book.isbnCode renamed from isbn".
    public var description: String {
        let subject = property.map { "\(entity).\($0)" } ?? entity
        switch self {
        case .entityAdded: return "entity \(entity) added"
        case .entityRemoved: return "entity \(entity) removed"
        case .entityRenamed(let from, _): return "entity \(entity) renamed from \(from)"
        case .attributeAdded(_, let attribute):
            let kind =
                attribute.isOptional
                ? "optional"
                : (attribute.defaultValue != nil
                    ? "required, default \(attribute.defaultValue!)" : "required, no default")
            return "\(subject) added (\(attribute.valueType), \(kind))"
        case .attributeRemoved(_, let attribute): return "\(subject) removed (\(attribute.valueType))"
        case .attributeRenamed(_, let from, _): return "\(subject) renamed from \(from)"
        case .attributeTypeChanged(_, _, let from, let to):
            if let differences = from.shapeDifferences(to: to) {
                return "\(subject) (\(to)) changed shape: "
                    + differences.map(\.description).joined(separator: "; ")
            }
            return "\(subject) type changed from \(from) to \(to)"
        case .attributeOptionalityChanged(_, _, let isOptional):
            return isOptional ? "\(subject) made optional" : "\(subject) made required"
        case .uniqueAdded: return "\(subject) made unique"
        case .uniqueRemoved: return "\(subject) no longer unique"
        case .uniquenessAdded: return "\(subject) made unique together (#Unique)"
        case .uniquenessRemoved: return "\(subject) no longer unique together (#Unique)"
        case .indexAdded: return "\(subject) indexed (#Index)"
        case .indexRemoved: return "\(subject) no longer indexed (#Index)"
        case .defaultChanged(_, let attribute, let from):
            return "\(subject) default changed from \(from ?? "none") to \(attribute.defaultValue ?? "none")"
        case .relationshipAdded(_, let relationship):
            return "\(subject) added (\(relationship.isToMany ? "to-many" : "to-one") \(relationship.destination))"
        case .relationshipRemoved(_, let relationship):
            return "\(subject) removed (\(relationship.isToMany ? "to-many" : "to-one") \(relationship.destination))"
        case .relationshipRenamed(_, let from, _): return "\(subject) renamed from \(from)"
        case .relationshipCardinalityChanged(_, _, let isToMany):
            return "\(subject) changed to \(isToMany ? "to-many" : "to-one")"
        case .relationshipDestinationChanged(_, _, let from, let to):
            return "\(subject) destination changed from \(from) to \(to)"
        case .deleteRuleChanged(_, _, let from, let to): return "\(subject) delete rule changed from .\(from) to .\(to)"
        case .inverseChanged(_, _, let from, let to):
            return "\(subject) inverse changed from \(from ?? "none") to \(to ?? "none")"
        }
    }
}
