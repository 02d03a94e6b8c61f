import Observation

/// The property accessors `@Model` generates call these: reads and writes of attributes and relationships by
/// property name, and the value of a `let` property for `init(backingData:)`.
extension BackingData {
    /// Reads a property. Inlined into the model's module, so that taking the stored value out of its
    /// `AttributeValue` is specialised for the property's type (type comparisons that fold away, no cast).
    @inlinable
    public func getValue<Model: PersistentModel, Value>(forKey key: StaticString, of model: Model) -> Value {
        if let value = _attributeValue(forKey: key, of: model).value(as: Value.self) { return value }
        return _propertyValue(forKey: key, of: model)
    }

    /// Writes a property, keeping the inverse of a relationship in step. Inlined, so that the value is stored
    /// where its type is known.
    @inlinable
    public func setValue<Model: PersistentModel, Value>(_ value: Value, forKey key: StaticString, of model: Model) {
        if let position = _attributePosition(forKey: key, of: model) {
            _setAttribute(AttributeValue(value), at: position, of: model)
        } else {
            _setRelationship(value, forKey: key, of: model)
        }
    }

    /// The stored value of the attribute `key`, its read registered with the object's observers; `.unset` when
    /// `key` names no attribute or the attribute was never given a value.
    @usableFromInline
    func _attributeValue(forKey key: StaticString, of model: some PersistentModel) -> AttributeValue {
        let mapping = prepare(model)
        guard let position = Self.position(of: key, in: mapping) else { return .unset }
        mapping.attributes[position].observation.access(observationRegistrar(), model)
        return values[position]
    }

    /// The position of the attribute `key` (the object prepared first); nil when `key` names no attribute.
    @usableFromInline
    func _attributePosition(forKey key: StaticString, of model: some PersistentModel) -> Int? {
        Self.position(of: key, in: prepare(model))
    }

    /// The position of the attribute `key` in `mapping`, its table read in place (a copy retained and released the
    /// table's two arrays on every property read and write).
    @inline(__always)
    private static func position(of key: StaticString, in mapping: EntityMapping) -> Int? {
        Unmanaged.passUnretained(mapping)._withUnsafeGuaranteedRef { $0.attributePositions[key] }
    }

    /// A property's value when `_attributeValue` has none of the property's type: an optional attribute's nil, or
    /// a relationship's related objects.
    @usableFromInline
    func _propertyValue<Model: PersistentModel, Value>(forKey name: StaticString, of model: Model) -> Value {
        let mapping = prepare(model)
        let key = name.description
        if let position = mapping.attributePositions[key] {
            if let none = mapping.attributes[position].none as? Value { return none }
        } else if let relationship = mapping.relationship(named: key) {
            relationship.observation.access(observationRegistrar(), model)
            let graph = RelationshipGraph(context: context)
            let objects = graph.objects(of: model, relationship)
            if let value = relationship.makeValue(objects) as? Value { return value }
            // A required to-one whose target was deleted in this context still reads the deleted object.
            if let value = relationship.makeValue(graph.objectsIncludingDeleted(of: model, relationship)) as? Value {
                return value
            }
            preconditionFailure(
                "Strata: \(mapping.name).\(key) is a required relationship whose target row no longer exists")
        }
        preconditionFailure("Strata: \(mapping.name).\(key) was read before it was given a value")
    }

    /// Writes the attribute at `position` (of a prepared object), telling its observers and the context. Observers
    /// hear of the change before the context does, as in SwiftData's generated setters.
    @usableFromInline
    func _setAttribute(_ value: AttributeValue, at position: Int, of model: some PersistentModel) {
        guard isObserved, let mapping else {
            replace(attribute: position, with: value, of: model)
            return
        }
        let observation = mapping.attributes[position].observation
        observation.willSet(registrar, model)
        replace(attribute: position, with: value, of: model)
        observation.didSet(registrar, model)
    }

    /// Sets the relationship `key` to the objects in `value`, keeping its inverse in step.
    @usableFromInline
    func _setRelationship(_ value: Any, forKey key: StaticString, of model: some PersistentModel) {
        guard let relationship = prepare(model).relationship(named: key.description) else { return }
        RelationshipGraph(context: context).set(model, relationship, to: relationship.objects(value))
    }

    /// The value of a `let` property for `init(backingData:)` of an object read from the store.
    public func _constantValue<Value>(forKey key: String) -> Value {
        if let mapping, let position = mapping.attributePositions[key] {
            if let value = values[position].boxed(none: mapping.attributes[position].none) as? Value { return value }
            if let none = mapping.attributes[position].none as? Value { return none }
        }
        preconditionFailure(
            "Strata: \(mapping?.name ?? "a model").\(key) was read from storage that holds no value for it")
    }
}
