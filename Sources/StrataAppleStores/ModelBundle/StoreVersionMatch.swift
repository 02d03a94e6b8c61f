/// Which version of a Core Data model a store is at, as Core Data decides it: the store's embedded model compared
/// with each version on the fields Core Data's entity version hashes cover, as eighty real stores of one app confirm
/// (docs/APPLE_STORES.md, "Version hashes"): the entity's name, parent, abstract flag and `versionHashModifier`; for
/// each persistent property its name, optional flag and `versionHashModifier`, an attribute's type, a relationship's
/// to-many and ordered flags, its counts and its inverse's name. Transient properties, class names, defaults,
/// renaming identifiers, delete rules and user info do not count.
///
/// Apple's hashes themselves are not reproduced: external storage, which they also cover, is not read from a store's
/// model, so versions differing only in it tie, and the tie is said.
public struct StoreVersionMatch: Sendable {
    /// The indexes of the versions whose hashed fields equal the store's model (several: a tie).
    public let equal: [Int]
    /// The version with the fewest differing entities, and those entities' names, when none is equal.
    public let closest: (index: Int, entities: [String])?

    /// Compares `store` with each version of `bundle`.
    public init(store: AppleModel, bundle: ModelBundle) {
        let stored = Self.signatures(of: store)
        var equal: [Int] = []
        var best: (index: Int, entities: [String])?
        for (index, version) in bundle.versions.enumerated() {
            let signatures = Self.signatures(of: version.appleModel)
            let names = Set(stored.keys).union(signatures.keys).sorted()
            let differing = names.filter { stored[$0] != signatures[$0] }
            if differing.isEmpty { equal.append(index) }
            if differing.count < (best?.entities.count ?? Int.max) { best = (index, differing) }
        }
        self.equal = equal
        closest = equal.isEmpty ? best : nil
    }

    /// The hashed fields of each entity, by entity name.
    static func signatures(of model: AppleModel) -> [String: String] {
        Dictionary(
            model.entities.map { entity in
                let attributes = entity.attributes.filter { !$0.isTransient }.sorted { $0.name < $1.name }.map {
                    "a \($0.name) \($0.typeCode) \($0.isOptional) \($0.versionHashModifier ?? "-")"
                }
                let relationships = entity.relationships.filter { !$0.isTransient }.sorted { $0.name < $1.name }.map {
                    "r \($0.name) \($0.isToMany) \($0.isOptional) \($0.isOrdered) \($0.inverse ?? "-")"
                        + " \($0.versionHashModifier ?? "-")" + ($0.isToMany ? " \($0.minCount) \($0.maxCount)" : "")
                }
                let head =
                    "\(entity.name) \(entity.parent ?? "-") \(entity.isAbstract) \(entity.versionHashModifier ?? "-")"
                return (entity.name, ([head] + attributes + relationships).joined(separator: "; "))
            }, uniquingKeysWith: { first, _ in first })
    }
}
