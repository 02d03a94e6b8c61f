extension Schema {
    /// One model type of a schema: its attributes and relationships, in declaration order.
    public struct Entity: Hashable, Sendable {
        /// The class name, which is also the table name.
        public var name: String
        /// The name the entity had in the previous version. SwiftData's `@Model` has no way to declare it; the
        /// reader of Core Data model bundles sets it from an entity's renaming identifier, so its rows, links and
        /// keys carry over to the new name. Not part of the schema's fingerprint (nor of Core Data's version hash).
        public var originalName: String?
        /// The stored values.
        public var attributes: [Attribute]
        /// The references to other entities.
        public var relationships: [Relationship]
        /// The `#Unique` groups: attribute names whose values together are unique across the rows.
        public var uniquenessConstraints: [[String]]
        /// The `#Index` groups: attribute names each index covers, in order.
        public var indexes: [[String]]

        /// Creates an entity description.
        public init(
            name: String, originalName: String? = nil, attributes: [Attribute] = [], relationships: [Relationship] = [],
            uniquenessConstraints: [[String]] = [], indexes: [[String]] = []
        ) {
            self.name = name
            self.originalName = originalName
            self.attributes = attributes
            self.relationships = relationships
            self.uniquenessConstraints = uniquenessConstraints
            self.indexes = indexes
        }

        /// The attribute with this name.
        public func attribute(named name: String) -> Attribute? { attributes.first { $0.name == name } }

        /// The relationship with this name.
        public func relationship(named name: String) -> Relationship? { relationships.first { $0.name == name } }

        /// The attributes whose values must be unique.
        public var uniqueAttributes: [Attribute] { attributes.filter(\.isUnique) }

        /// Every group of attributes whose values together must be unique: each `@Attribute(.unique)` alone, then
        /// each `#Unique` group.
        public var uniqueKeys: [[String]] { uniqueAttributes.map { [$0.name] } + uniquenessConstraints }
    }
}
