import Foundation

/// The entities of a set of model types, optionally with a version: what a store holds and a migration diffs.
public struct Schema: @unchecked Sendable, CustomStringConvertible {
    /// The version, when the schema comes from a `VersionedSchema` or was given one.
    public let version: Version?
    /// The entities, in the order their types were given (related types follow the types that reach them).
    public let entities: [Entity]
    /// The entities by name.
    public let entitiesByName: [String: Entity]
    /// How each entity's objects map to rows.
    let mappings: [String: EntityMapping]
    /// The same mappings by model type: every insert looks its type up, and naming a type costs far more than hashing it.
    private let mappingsByType: [ObjectIdentifier: EntityMapping]
    /// Mistakes in the model types, as messages; a container refuses a schema that has any.
    let problems: [String]
    /// Stored defaults by entity and attribute, for a schema without model types (read from sources); a schema of
    /// model types evaluates its defaults from the types.
    let storedDefaults: [String: [String: StoredDefault]]

    /// A schema of these model types and of every model type their relationships reach.
    public init(_ types: [any PersistentModel.Type], version: Version? = nil) {
        var ordered: [EntityMapping] = []
        var byName: [String: EntityMapping] = [:]
        var problems: [String] = []
        var queue = types
        while !queue.isEmpty {
            let type = queue.removeFirst()
            let name = EntityMapping.entityName(of: type)
            if let existing = byName[name] {
                if existing.type != type {
                    problems.append(
                        "two model types are both named '\(name)' (\(String(reflecting: existing.type)) and \(String(reflecting: type))); an entity is named after its class, so one schema can hold only one of them"
                    )
                }
                continue
            }
            let mapping = EntityMapping(type: type)
            byName[name] = mapping
            ordered.append(mapping)
            problems += mapping.problems
            queue += mapping.relationships.map(\.destinationType)
        }
        problems += Self.resolveInverses(of: byName)
        self.version = version
        self.mappings = byName
        self.mappingsByType = Dictionary(
            byName.values.map { (ObjectIdentifier($0.type), $0) }, uniquingKeysWith: { first, _ in first })
        self.entities = ordered.map(\.entity)
        self.entitiesByName = Dictionary(uniqueKeysWithValues: entities.map { ($0.name, $0) })
        self.problems = problems
        self.storedDefaults = [:]
    }

    /// A schema of these model types.
    public init(_ types: any PersistentModel.Type..., version: Version? = nil) {
        self.init(types, version: version)
    }

    /// The schema of a versioned schema: its models at its version identifier.
    public init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }

    /// A schema rebuilt from a stored description (or read from Swift sources, with the `problems` found in its
    /// models and the `defaults` its attributes' defaults evaluate to, by entity and attribute); it has no model
    /// types, so it can describe but not fetch.
    public init(
        entities: [Entity], version: Version?, problems: [String] = [],
        defaults: [String: [String: StoredDefault]] = [:]
    ) {
        self.version = version
        self.entities = entities
        self.entitiesByName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.mappings = [:]
        self.mappingsByType = [:]
        self.problems = problems
        self.storedDefaults = defaults
    }

    /// Fills in each relationship's inverse in the mappings and returns the problems found.
    private static func resolveInverses(of mappings: [String: EntityMapping]) -> [String] {
        let declared = mappings.values.flatMap { mapping in
            mapping.relationships.map { relationship in
                let destination = relationship.relationship.destination
                return InverseResolver.Declared(
                    entity: mapping.name, name: relationship.name, destination: destination,
                    declaredInverse: relationship.declaredInverse.map {
                        mappings[destination]?.propertyName(for: $0) ?? ""
                    })
            }
        }
        let (inverses, problems) = InverseResolver(declared).resolve()
        for mapping in mappings.values {
            for index in mapping.relationships.indices {
                mapping.relationships[index].relationship.inverse =
                    inverses[InverseResolver.Key(entity: mapping.name, property: mapping.relationships[index].name)]
            }
        }
        return problems.map(\.description)
    }

    /// The stored default of an attribute of a schema read from sources (nil for one without a default, or for a
    /// schema of model types, whose mappings evaluate defaults).
    public func storedDefault(_ entity: String, _ attribute: String) -> StoredDefault? {
        storedDefaults[entity]?[attribute]
    }

    /// The mapping of a model type's entity, when the type belongs to this schema.
    func mapping(for type: any PersistentModel.Type) -> EntityMapping? {
        mappingsByType[ObjectIdentifier(type)]
    }

    /// "Schema 1.0.0: Book, Author".
    public var description: String {
        "Schema \(version?.description ?? "(unversioned)"): \(entities.map(\.name).joined(separator: ", "))"
    }
}
