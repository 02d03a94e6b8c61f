extension Schema {
    /// A stored value of an entity: its name, value type, optionality, default and options.
    public struct Attribute: Hashable, Codable, Sendable {
        /// The property name, which is also the column name.
        public var name: String
        /// The name the attribute had in the previous version (`@Attribute(originalName:)`).
        public var originalName: String?
        /// How the value is stored.
        public var valueType: ValueType
        /// True for optional properties (nullable columns).
        public var isOptional: Bool
        /// The Swift source of the declared default (`0`, `Date.now`), part of the schema's identity.
        public var defaultValue: String?
        /// The options given with `@Attribute`, such as `.unique`.
        public var options: [Option]
        /// The hash modifier given with `@Attribute`, which forces a new version hash.
        public var hashModifier: String?

        /// True when `.unique` is among the options.
        public var isUnique: Bool { options.contains(.unique) }

        /// Creates an attribute description.
        public init(
            name: String, originalName: String? = nil, valueType: ValueType, isOptional: Bool = false,
            defaultValue: String? = nil, options: [Option] = [], hashModifier: String? = nil
        ) {
            self.name = name
            self.originalName = originalName
            self.valueType = valueType
            self.isOptional = isOptional
            self.defaultValue = defaultValue
            self.options = options
            self.hashModifier = hashModifier
        }

        /// An option of `@Attribute`; Strata enforces `.unique` and records the rest.
        public struct Option: Hashable, Codable, Sendable, CustomStringConvertible {
            /// The option's name as written in Swift.
            public let name: String
            /// Values are unique across all rows; inserting a duplicate updates the existing row.
            public static let unique = Option(name: "unique")
            /// Recorded only: Strata keeps large values in the table.
            public static let externalStorage = Option(name: "externalStorage")
            /// Recorded only: there is no CloudKit on SQLite files.
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")
            /// Recorded only: Strata keeps no tombstones.
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            /// Recorded only: there is no Spotlight index.
            public static let spotlight = Option(name: "spotlight")
            /// Recorded only: the value is stored like any other.
            public static let ephemeral = Option(name: "ephemeral")

            /// The option's name.
            public var description: String { name }

            /// Encodes as the option's name.
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(name)
            }

            /// Decodes an option's name.
            public init(from decoder: any Decoder) throws {
                name = try decoder.singleValueContainer().decode(String.self)
            }

            private init(name: String) { self.name = name }
        }
    }
}
