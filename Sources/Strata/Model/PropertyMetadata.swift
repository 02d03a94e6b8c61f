// Safe: immutable; its key path, metatype and closures are made once by `@Model` and capture no mutable state.
/// What `@Model` records of one stored property: its name, key path, declared default and annotations.
///
/// The macro writes one of these per property; Strata reads them to build the schema and to move values
/// between objects and rows. You do not create them by hand.
public struct PropertyMetadata: @unchecked Sendable {
    /// The property name.
    public let name: String
    /// The key path from the model to the property, used to translate predicates and sorts.
    public let keyPath: AnyKeyPath
    /// The declared Swift type of the property.
    public let valueType: Any.Type
    /// The Swift source of the declared default, if any.
    public let defaultExpression: String?
    /// Makes the declared default, if any.
    let makeDefault: (() -> Any)?
    /// The arguments of `@Attribute`, if written.
    public let attribute: AttributeInfo?
    /// The arguments of `@Relationship`, if written.
    public let relationship: RelationshipInfo?
    /// True for a `let` property: the object holds its value, assigned once in the initialiser.
    public let isConstant: Bool
    /// Tells the property's observers about reads and changes.
    let observation: PropertyObservation

    /// Records a property; called by the code `@Model` generates.
    public init<Root: PersistentModel, Value>(
        _ name: String, _ keyPath: KeyPath<Root, Value>, constant: Bool = false,
        default makeDefault: (() -> Value)? = nil,
        defaultExpression: String? = nil, attribute: AttributeInfo? = nil, relationship: RelationshipInfo? = nil
    ) {
        self.name = name
        self.keyPath = keyPath
        self.valueType = Value.self
        self.defaultExpression = defaultExpression
        self.makeDefault = makeDefault.map { make in { make() as Any } }
        self.attribute = attribute
        self.relationship = relationship
        isConstant = constant
        observation = PropertyObservation(keyPath)
    }

    /// The arguments of an `@Attribute` annotation.
    public struct AttributeInfo: Sendable {
        /// The options, such as `.unique`.
        public let options: [Schema.Attribute.Option]
        /// The name in the previous version.
        public let originalName: String?
        /// The hash modifier.
        public let hashModifier: String?

        /// Mirrors `@Attribute(_:originalName:hashModifier:)`.
        public init(_ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil) {
            self.options = options
            self.originalName = originalName
            self.hashModifier = hashModifier
        }
    }

    // Safe: immutable; `inverse` is a key path, which Swift does not mark Sendable.
    /// The arguments of a `@Relationship` annotation.
    public struct RelationshipInfo: @unchecked Sendable {
        /// The options.
        public let options: [Schema.Relationship.Option]
        /// The delete rule.
        public let deleteRule: Schema.Relationship.DeleteRule
        /// The fewest related models.
        public let minimumModelCount: Int
        /// The most related models.
        public let maximumModelCount: Int
        /// The name in the previous version.
        public let originalName: String?
        /// The key path of the inverse on the destination.
        public let inverse: AnyKeyPath?
        /// The hash modifier.
        public let hashModifier: String?

        /// Mirrors `@Relationship(...)`.
        public init(
            _ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify,
            minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
            inverse: AnyKeyPath? = nil, hashModifier: String? = nil
        ) {
            self.options = options
            self.deleteRule = deleteRule
            self.minimumModelCount = minimumModelCount ?? 0
            self.maximumModelCount = maximumModelCount ?? 0
            self.originalName = originalName
            self.inverse = inverse
            self.hashModifier = hashModifier
        }
    }
}
