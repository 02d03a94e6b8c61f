import Strata

extension AppleStore {
    /// The store's model as a schema in which each composite attribute (a SwiftData Codable struct or enum) takes the
    /// type `version` gives it, where that type is one such a composite can be: any Codable type for a struct, a
    /// raw-value enum over the same raw type (or any Codable type) for an enum. The store records a composite's
    /// fields but not its Swift type's name, so this is how an app's `var author: Author?` compares equal with the
    /// store's `author` composite (`PlanStanding(store:versions:)`, `AppleStoreImport` with a plan, the UI's version match).
    ///
    /// ```swift
    /// let equal = SchemaDiff(from: store.schema(alignedWith: version), to: version).changesBesideDefaults.isEmpty
    /// ```
    public func schema(alignedWith version: Schema) -> Schema {
        let own = schema().schema
        let entities = own.entities.map { entity -> Schema.Entity in
            guard let planned = version.entitiesByName[entity.name] else { return entity }
            var aligned = entity
            aligned.attributes = entity.attributes.map { attribute in
                guard
                    let composite = model.storedAttributes(of: entity.name).first(where: {
                        $0.name == attribute.name && $0.kind == .composite
                    }),
                    let counterpart = planned.attribute(named: attribute.name),
                    Self.composite(composite, canBe: counterpart.valueType)
                else { return attribute }
                var typed = attribute
                typed.valueType = counterpart.valueType
                return typed
            }
            return aligned
        }
        return Schema(entities: entities, version: own.version)
    }

    /// True when a value of the composite `attribute` can be stored as `type`.
    static func composite(_ attribute: AppleAttribute, canBe type: ValueType) -> Bool {
        switch (attribute.compositeValueType, type) {
        case (.codable?, .codable): true
        case (.rawRepresentable(_, let raw)?, .rawRepresentable(_, let planned)):
            raw == planned || raw.isInteger && planned.isInteger
        case (.rawRepresentable?, .codable): true
        default: false
        }
    }
}

extension ValueType {
    /// True for the integer types (stored alike, as SQLite integers).
    fileprivate var isInteger: Bool {
        switch self {
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64: true
        default: false
        }
    }
}
