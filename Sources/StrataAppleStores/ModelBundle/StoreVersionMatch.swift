import Foundation

/// Which version of a Core Data model a store is at, as Core Data decides it.
///
/// Where the store's metadata records Core Data's entity version hashes (`NSStoreModelVersionHashes`), each version's
/// hashes are computed as Core Data computes them (`EntityVersionHash`, reproduced byte for byte on the fixtures'
/// real stores) and a version whose every entity hash equals the store's is the store's version, as Core Data picks a
/// model by `entityVersionHashesByName`. When none does (or no hashes are given), the store's embedded model is
/// compared with each version on the fields those hashes cover, as eighty real stores of one app confirm
/// (docs/APPLE_STORES.md, "Which version a store is at"): the entity's name, parent, abstract flag and
/// `versionHashModifier`; for each persistent property its name, optional flag and `versionHashModifier`, an
/// attribute's type, a relationship's to-many and ordered flags, its counts and its inverse's name. Transient
/// properties, class names, defaults, renaming identifiers, delete rules and user info do not count; external storage
/// does. Versions equal on those fields tie, and the tie is said.
public struct StoreVersionMatch: Sendable {
    /// The indexes of the versions whose hashed fields equal the store's model (several: a tie).
    public let equal: [Int]
    /// The version with the fewest differing entities, and those entities' names, when none is equal.
    public let closest: (index: Int, entities: [String])?

    /// True when the versions in `equal` were found by Core Data's entity version hashes (the store's recorded ones
    /// equal those computed from the version), false when by the hashed fields of the store's embedded model.
    public let byVersionHash: Bool
    /// True when the store's metadata records entity version hashes (`NSStoreModelVersionHashes`).
    public let storeHasHashes: Bool

    /// Which rule found the version: `entityVersionHashes` or `modelComparison`.
    public var rule: String { byVersionHash ? "entityVersionHashes" : "modelComparison" }

    /// The rule in words: "the entity version hashes in the store's metadata equal those computed from the version",
    /// or the embedded model compared, saying why.
    public var ruleDescription: String {
        if byVersionHash {
            return "the entity version hashes in the store's metadata equal those computed from the version"
        }
        return storeHasHashes
            ? "the entity version hashes in the store's metadata equal no version's, so the store's embedded model was compared on the fields those hashes cover"
            : "the store's metadata records no entity version hashes, so its embedded model was compared on the fields those hashes cover"
    }

    /// Finds the versions of `bundle` whose computed entity version hashes equal `versionHashes` (a store's
    /// `NSStoreModelVersionHashes`), or, when none does, compares the store's embedded model `store` field by field.
    public init(store: AppleModel, versionHashes: [String: Data], bundle: ModelBundle) {
        let hashed =
            versionHashes.isEmpty
            ? []
            : bundle.versions.indices.filter { EntityVersionHash.hashes(of: bundle.versions[$0]) == versionHashes }
        guard hashed.isEmpty else {
            self.init(equal: hashed, closest: nil, byVersionHash: true)
            return
        }
        self.init(store: store, bundle: bundle, storeHasHashes: !versionHashes.isEmpty)
    }

    private init(equal: [Int], closest: (index: Int, entities: [String])?, byVersionHash: Bool) {
        self.equal = equal
        self.closest = closest
        self.byVersionHash = byVersionHash
        storeHasHashes = true
    }

    /// Compares `store` with each version of `bundle` (`storeHasHashes`: whether the store's metadata recorded entity
    /// version hashes that matched no version).
    public init(store: AppleModel, bundle: ModelBundle, storeHasHashes: Bool = false) {
        byVersionHash = false
        self.storeHasHashes = storeHasHashes
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
                    "a \($0.name) \($0.typeCode) \($0.isOptional) \($0.versionHashModifier ?? "-") \($0.allowsExternalStorage) \($0.preservesValueAfterDeletion)"
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
