extension Schema {
    /// One model type of a schema: its attributes and relationships, in declaration order.
    public struct Entity: Hashable, Codable, Sendable {
        /// The class name, which is also the table name.
        public var name: String
        /// The stored values.
        public var attributes: [Attribute]
        /// The references to other entities.
        public var relationships: [Relationship]

        /// Creates an entity description.
        public init(name: String, attributes: [Attribute] = [], relationships: [Relationship] = []) {
            self.name = name
            self.attributes = attributes
            self.relationships = relationships
        }

        /// The attribute with this name.
        public func attribute(named name: String) -> Attribute? { attributes.first { $0.name == name } }

        /// The relationship with this name.
        public func relationship(named name: String) -> Relationship? { relationships.first { $0.name == name } }

        /// The attributes whose values must be unique.
        public var uniqueAttributes: [Attribute] { attributes.filter(\.isUnique) }
    }
}
