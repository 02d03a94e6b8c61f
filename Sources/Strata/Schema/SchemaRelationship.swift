extension Schema {
    /// A reference from one entity to another: to-one or to-many, with an inverse and a delete rule.
    public struct Relationship: Hashable, Codable, Sendable {
        /// The property name.
        public var name: String
        /// The name the relationship had in the previous version.
        public var originalName: String?
        /// The entity it points to.
        public var destination: String
        /// True for `[Model]` and `[Model]?`.
        public var isToMany: Bool
        /// True for optional properties.
        public var isOptional: Bool
        /// The property on the destination that points back, when there is one.
        public var inverse: String?
        /// What deleting the owner does to the related models.
        public var deleteRule: DeleteRule
        /// The fewest related models a save accepts (0: no limit).
        public var minimumModelCount: Int
        /// The most related models a save accepts (0: no limit).
        public var maximumModelCount: Int
        /// The options given with `@Relationship`.
        public var options: [Option]
        /// The hash modifier given with `@Relationship`.
        public var hashModifier: String?

        /// Creates a relationship description.
        public init(
            name: String, originalName: String? = nil, destination: String, isToMany: Bool, isOptional: Bool = true,
            inverse: String? = nil, deleteRule: DeleteRule = .nullify, minimumModelCount: Int = 0,
            maximumModelCount: Int = 0, options: [Option] = [], hashModifier: String? = nil
        ) {
            self.name = name
            self.originalName = originalName
            self.destination = destination
            self.isToMany = isToMany
            self.isOptional = isOptional
            self.inverse = inverse
            self.deleteRule = deleteRule
            self.minimumModelCount = minimumModelCount
            self.maximumModelCount = maximumModelCount
            self.options = options
            self.hashModifier = hashModifier
        }

        /// What happens to related models when their owner is deleted.
        public enum DeleteRule: String, Hashable, Codable, Sendable {
            /// The related models lose their reference to the deleted one.
            case nullify
            /// The related models are deleted too.
            case cascade
            /// Saving fails while related models exist.
            case deny
            /// Nothing is done in memory; the store clears the dangling reference.
            case noAction
        }

        /// An option of `@Relationship`.
        public struct Option: Hashable, Codable, Sendable {
            /// The option's name.
            public let name: String
            /// Recorded only.
            public static let unique = Option(name: "unique")

            private init(name: String) { self.name = name }
        }
    }
}
