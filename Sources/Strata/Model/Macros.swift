/// Makes a class a persistent model: its stored properties become attributes and relationships of an entity.
@attached(
    member, names: named(_$backingData), named(persistentBackingData), named(_strataBackingData),
    named(init(backingData:)), named(schemaMetadata), named(schemaUniqueness), named(schemaIndexes))
@attached(memberAttribute)
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "StrataMacros", type: "ModelMacro")

/// Routes a stored property of a model through its backing data; added by `@Model`, not written by hand.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro _PersistedProperty() = #externalMacro(module: "StrataMacros", type: "PersistedPropertyMacro")

/// Annotates an attribute: options such as `.unique`, the name it had in an earlier version, a hash modifier.
@attached(peer)
public macro Attribute(
    _ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil
) = #externalMacro(module: "StrataMacros", type: "MarkerMacro")

/// Annotates a relationship: delete rule, inverse, model counts and the name it had in an earlier version.
@attached(peer)
public macro Relationship(
    _ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify,
    minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
    inverse: AnyKeyPath? = nil, hashModifier: String? = nil
) = #externalMacro(module: "StrataMacros", type: "MarkerMacro")

/// Declares, inside a model's class body, groups of properties whose values together are unique across the
/// model's rows: `#Unique<Person>([\.id], [\.givenName, \.familyName])`. Inserting an object whose values of a
/// group equal a stored row's updates that row (an upsert), as `@Attribute(.unique)` does for one property.
@freestanding(declaration)
public macro Unique<T>(_ constraints: [PartialKeyPath<T>]...) =
    #externalMacro(module: "StrataMacros", type: "ConstraintMacro") where T: PersistentModel

/// Declares, inside a model's class body, the indexes of the model's table: `#Index<Trip>([\.name], [\.start, \.end])`.
@freestanding(declaration)
public macro Index<T>(_ indices: [PartialKeyPath<T>]...) =
    #externalMacro(module: "StrataMacros", type: "ConstraintMacro") where T: PersistentModel

/// Keeps a property out of the store.
@attached(peer)
public macro Transient() = #externalMacro(module: "StrataMacros", type: "MarkerMacro")

/// The placeholder storage behind a persisted property; it holds nothing, the backing data holds the value.
public struct _PersistedStorage: Sendable {
    /// Creates the placeholder.
    public init() {}
}
