import Foundation

/// The entities of a set of model types, optionally with a version: what a store holds and a migration diffs.
///
/// A plain value, shared freely between threads: its description (version, entities, problems, stored defaults)
/// and, for a schema made of model types, its binding to them (`ModelBinding`).
public struct Schema: Sendable, CustomStringConvertible {
    /// The version, when the schema comes from a `VersionedSchema` or was given one.
    public let version: Version?
    /// The entities, in the order their types were given (related types follow the types that reach them).
    public let entities: [Entity]
    /// The entities by name.
    public let entitiesByName: [String: Entity]
    /// Mistakes in the model types, as messages; a container refuses a schema that has any.
    let problems: [String]
    /// Stored defaults by entity and attribute, for a schema without model types (read from sources); a schema of
    /// model types evaluates its defaults from the types.
    let storedDefaults: [String: [String: StoredDefault]]
    /// The binding to the model types (`ModelBinding.none` for a schema described without them).
    let binding: ModelBinding
    /// The fingerprint, computed once (`fingerprint`).
    let storedFingerprint: String

    /// How each entity's objects map to rows.
    var mappings: [String: EntityMapping] { binding.mappings }

    /// A schema of these model types and of every model type their relationships reach.
    public init(_ types: [any PersistentModel.Type], version: Version? = nil) {
        let binding = ModelBinding(types)
        self.init(
            entities: binding.ordered.map(\.entity), version: version, problems: binding.problems, defaults: [:],
            binding: binding)
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
    package init(
        entities: [Entity], version: Version?, problems: [String] = [],
        defaults: [String: [String: StoredDefault]] = [:]
    ) {
        self.init(entities: entities, version: version, problems: problems, defaults: defaults, binding: .none)
    }

    private init(
        entities: [Entity], version: Version?, problems: [String], defaults: [String: [String: StoredDefault]],
        binding: ModelBinding
    ) {
        self.version = version
        self.entities = entities
        self.entitiesByName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.problems = problems
        self.storedDefaults = defaults
        self.binding = binding
        storedFingerprint = Self.fingerprint(of: entities)
    }

    /// The stored default of an attribute of a schema read from sources (nil for one without a default, or for a
    /// schema of model types, whose mappings evaluate defaults).
    package func storedDefault(_ entity: String, _ attribute: String) -> StoredDefault? {
        storedDefaults[entity]?[attribute]
    }

    /// The mapping of a model type's entity, when the type belongs to this schema.
    func mapping(for type: any PersistentModel.Type) -> EntityMapping? { binding.mapping(for: type) }

    /// "Schema 1.0.0: Book, Author".
    public var description: String {
        "Schema \(version.label): \(entities.map(\.name).joined(separator: ", "))"
    }
}
