/// How a schema's entities bind to model types: each type's mapping, by entity name and by type. A schema described
/// without types (stored, or read from sources) has the empty binding, so it can describe but not fetch.
struct ModelBinding: Sendable {
    /// The mappings by entity name.
    let mappings: [String: EntityMapping]
    /// The same mappings by model type: every insert looks its type up, and naming a type costs far more than hashing it.
    private let mappingsByType: [ObjectIdentifier: EntityMapping]
    /// The mappings in the order their types were given (related types follow the types that reach them).
    let ordered: [EntityMapping]
    /// Mistakes in the model types, as messages.
    let problems: [String]

    /// The binding of a schema without model types.
    static let none = ModelBinding(ordered: [], problems: [])

    private init(ordered: [EntityMapping], problems: [String]) {
        self.ordered = ordered
        self.mappings = Dictionary(ordered.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.mappingsByType = Dictionary(
            ordered.map { (ObjectIdentifier($0.type), $0) }, uniquingKeysWith: { first, _ in first })
        self.problems = problems
    }

    /// Binds these model types and every model type their relationships reach, resolving inverses.
    init(_ types: [any PersistentModel.Type]) {
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
        self.init(ordered: ordered, problems: problems)
    }

    /// The mapping of a model type's entity, when the type is bound.
    func mapping(for type: any PersistentModel.Type) -> EntityMapping? {
        mappingsByType[ObjectIdentifier(type)]
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
}
