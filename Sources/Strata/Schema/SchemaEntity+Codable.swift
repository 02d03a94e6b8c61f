extension Schema.Entity: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, originalName, attributes, relationships, uniquenessConstraints, indexes
    }

    /// Decodes an entity; a description written before `#Unique` and `#Index` existed has neither, and one without a
    /// rename no `originalName`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            originalName: try container.decodeIfPresent(String.self, forKey: .originalName),
            attributes: try container.decode([Schema.Attribute].self, forKey: .attributes),
            relationships: try container.decode([Schema.Relationship].self, forKey: .relationships),
            uniquenessConstraints: try container.decodeIfPresent([[String]].self, forKey: .uniquenessConstraints) ?? [],
            indexes: try container.decodeIfPresent([[String]].self, forKey: .indexes) ?? [])
    }

    /// Encodes an entity; empty constraint lists and a missing `originalName` are left out, so a schema without them
    /// keeps its fingerprint.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(originalName, forKey: .originalName)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(relationships, forKey: .relationships)
        if !uniquenessConstraints.isEmpty {
            try container.encode(uniquenessConstraints, forKey: .uniquenessConstraints)
        }
        if !indexes.isEmpty { try container.encode(indexes, forKey: .indexes) }
    }
}
