import Foundation

// Safe: `relationships` changes only while `ModelBinding` resolves inverses, before any other thread sees it; read-only after.
/// The run-time description of one model class: its entity and how each of its properties is stored.
final class EntityMapping: @unchecked Sendable {
    /// The model class.
    let type: any PersistentModel.Type
    /// The entity name (the class name without its enclosing types).
    let name: String
    /// The stored values, in declaration order.
    let attributes: [AttributeMapping]
    /// The positions of the `let` attributes, whose values the objects hold.
    let constantPositions: [Int]
    /// Each attribute's position in `attributes`, by name.
    let attributePositions: AttributePositions
    /// The relationships, in declaration order (inverses resolved by `Schema`).
    var relationships: [RelationshipMapping]
    /// Properties the type declares that Strata cannot store, as messages.
    let problems: [String]
    /// The `#Unique` groups of the type.
    let uniquenessConstraints: [[String]]
    /// The `#Index` groups of the type.
    let indexes: [[String]]
    /// The attribute positions of each group of the entity's `uniqueKeys`, which a new object's values claim.
    let uniqueKeyPositions: [[Int]]

    /// The entity description for the schema.
    var entity: Schema.Entity {
        Schema.Entity(
            name: name, attributes: attributes.map(\.attribute), relationships: relationships.map(\.relationship),
            uniquenessConstraints: uniquenessConstraints, indexes: indexes)
    }

    /// The attribute with this name.
    func attribute(named name: String) -> AttributeMapping? { attributes.first { $0.name == name } }
    /// The relationship with this name.
    func relationship(named name: String) -> RelationshipMapping? { relationships.first { $0.name == name } }

    /// The property name a key path of this model type denotes.
    func propertyName(for keyPath: AnyKeyPath) -> String? {
        attributes.first { $0.keyPath == keyPath }?.name ?? relationships.first { $0.keyPath == keyPath }?.name
    }

    /// The entity name of a model type.
    static func entityName(of type: Any.Type) -> String {
        String(String(describing: type).split(separator: ".").last ?? "")
    }

    /// Reads the `@Model` metadata of a type.
    init(type: any PersistentModel.Type) {
        self.type = type
        self.name = Self.entityName(of: type)
        var attributes: [AttributeMapping] = []
        var relationships: [RelationshipMapping] = []
        var problems: [String] = []
        for property in type.schemaMetadata {
            switch Self.classify(property) {
            case .attribute(let mapping): attributes.append(mapping)
            case .relationship where property.isConstant:
                problems.append(
                    "\(Self.entityName(of: type)).\(property.name): a relationship must be a 'var' (its inverse is kept in step by setting it)"
                )
            case .relationship(let mapping): relationships.append(mapping)
            case .unsupported:
                problems.append(
                    "\(Self.entityName(of: type)).\(property.name): Strata cannot store a value of type \(property.valueType); use a value type, a RawRepresentable enum, a Codable value or a @Model class"
                )
            }
        }
        self.attributes = attributes
        constantPositions = attributes.indices.filter { attributes[$0].isConstant }
        let positions = AttributePositions(attributes.map(\.name))
        attributePositions = positions
        self.relationships = relationships
        uniquenessConstraints = type.schemaUniqueness
        indexes = type.schemaIndexes
        for (macro, groups) in [("#Unique", type.schemaUniqueness), ("#Index", type.schemaIndexes)] {
            for name in groups.joined() where positions[name] == nil {
                problems.append(
                    "\(Self.entityName(of: type)).\(name): \(macro) can name only stored attributes of the model (not relationships or nested key paths)"
                )
            }
        }
        self.problems = problems
        uniqueKeyPositions =
            attributes.indices.filter { attributes[$0].attribute.isUnique }.map { [$0] }
            + type.schemaUniqueness.map { $0.compactMap { positions[$0] } }.filter { !$0.isEmpty }
    }

    private enum Classification {
        case attribute(AttributeMapping)
        case relationship(RelationshipMapping)
        case unsupported
    }

    private static func classify(_ property: PropertyMetadata) -> Classification {
        let optional = property.valueType as? any OptionalShape.Type
        let base = optional?.wrappedType ?? property.valueType
        if let model = base as? any PersistentModel.Type {
            return .relationship(relationship(property, destination: model, toMany: false, isOptional: optional != nil))
        }
        if let array = base as? any ArrayShape.Type, let model = array.elementType as? any PersistentModel.Type {
            return .relationship(relationship(property, destination: model, toMany: true, isOptional: optional != nil))
        }
        guard let codec = ValueCodec.make(for: base) else { return .unsupported }
        let info = property.attribute
        let attribute = Schema.Attribute(
            name: property.name, originalName: info?.originalName, valueType: codec.valueType,
            isOptional: optional != nil, defaultValue: property.defaultExpression, options: info?.options ?? [],
            hashModifier: info?.hashModifier)
        return .attribute(
            AttributeMapping(
                attribute: attribute, codec: codec, keyPath: property.keyPath, none: optional?.noneValue,
                makeDefault: property.makeDefault, isConstant: property.isConstant, observation: property.observation))
    }

    private static func relationship(
        _ property: PropertyMetadata, destination: any PersistentModel.Type, toMany: Bool, isOptional: Bool
    ) -> RelationshipMapping {
        let info = property.relationship
        let valueType = property.valueType
        let description = Schema.Relationship(
            name: property.name, originalName: info?.originalName, destination: entityName(of: destination),
            isToMany: toMany, isOptional: isOptional, deleteRule: info?.deleteRule ?? .nullify,
            minimumModelCount: info?.minimumModelCount ?? 0, maximumModelCount: info?.maximumModelCount ?? 0,
            options: info?.options ?? [], hashModifier: info?.hashModifier)
        return RelationshipMapping(
            relationship: description, destinationType: destination, keyPath: property.keyPath,
            declaredInverse: info?.inverse,
            makeValue: { objects in makeRelationshipValue(objects, as: valueType, toMany: toMany) },
            objects: { value in relatedObjects(in: value) }, observation: property.observation)
    }

    private static func makeRelationshipValue(_ objects: [any PersistentModel], as type: Any.Type, toMany: Bool) -> Any
    {
        let optional = type as? any OptionalShape.Type
        let base = optional?.wrappedType ?? type
        let value: Any?
        if toMany {
            value = (base as? any ArrayShape.Type)?.make(objects)
        } else {
            value = objects.first
        }
        guard let optional else { return value as Any }
        return value.flatMap { optional.wrap($0) } ?? optional.noneValue
    }

    private static func relatedObjects(in value: Any) -> [any PersistentModel] {
        guard let unwrapped = unwrapOptionals(value) else { return [] }
        if let model = unwrapped as? any PersistentModel { return [model] }
        if let array = unwrapped as? any ArrayShape {
            return array.boxedElements.compactMap { $0 as? any PersistentModel }
        }
        return []
    }
}
