/// The entities of a diff's target schema renamed from one of its source schema, found through `originalName` (or,
/// going back a version, through the source entity's own `originalName`), and the claims that cannot be followed.
///
/// A rename is followed only when it is unambiguous: the old name is not also an entity of the target, the new name
/// is not also an entity of the source, and no other entity claims the same old name. Anything else is a problem a
/// plan check reports (the entities are then diffed by name: one removed, one added).
struct EntityRenames: Sendable {
    /// The old name of each renamed entity, by its new name.
    let oldNames: [String: String]
    /// The new name of each renamed entity, by its old name.
    let newNames: [String: String]
    /// What makes a claimed rename ambiguous, one message each.
    let problems: [String]

    /// Finds the renames from `from` to `to`.
    init(from: Schema, to: Schema) {
        var claims: [String: [String]] = [:]
        var problems: [String] = []
        for entity in to.entities {
            if let old = entity.originalName, old != entity.name, from.entitiesByName[old] != nil {
                if from.entitiesByName[entity.name] != nil {
                    problems.append(
                        "entity \(entity.name) has originalName \(old), but the previous version has both \(entity.name) and \(old): it cannot be both; remove originalName, or remove or rename one of them in the previous version"
                    )
                } else if to.entitiesByName[old] != nil {
                    problems.append(
                        "entity \(entity.name) has originalName \(old), but the new version still has an entity \(old): a rename leaves no entity under the old name; remove originalName, or rename or remove \(old)"
                    )
                } else {
                    claims[old, default: []].append(entity.name)
                }
                continue
            }
            // Going back a version: the source entity whose originalName is this entity's name.
            guard from.entitiesByName[entity.name] == nil,
                let old = from.entities.first(where: { $0.originalName == entity.name }),
                to.entitiesByName[old.name] == nil
            else { continue }
            claims[old.name, default: []].append(entity.name)
        }
        var oldNames: [String: String] = [:]
        for (old, claimants) in claims.sorted(by: { $0.key < $1.key }) {
            guard claimants.count == 1 else {
                problems.append(
                    "entities \(claimants.joined(separator: " and ")) all have originalName \(old): one entity can be renamed only once; keep originalName on one of them"
                )
                continue
            }
            oldNames[claimants[0]] = old
        }
        self.oldNames = oldNames
        newNames = Dictionary(uniqueKeysWithValues: oldNames.map { ($1, $0) })
        self.problems = problems
    }
}
