/// Pairs each relationship with its inverse: the one named by `@Relationship(inverse:)` on either side, or
/// the only relationship on the destination that points back, when exactly one does.
struct InverseResolver {
    let mappings: [String: EntityMapping]

    /// Fills in `inverse` on every relationship; returns the problems found (ambiguous or mismatched inverses).
    func resolve() -> [String] {
        var problems: [String] = []
        var inverse: [Key: String] = [:]
        for (entityName, mapping) in mappings.sorted(by: { $0.key < $1.key }) {
            for relationship in mapping.relationships {
                guard let keyPath = relationship.declaredInverse else { continue }
                let destination = relationship.relationship.destination
                guard let target = mappings[destination]?.relationships.first(where: { $0.keyPath == keyPath }) else {
                    problems.append(
                        "\(entityName).\(relationship.name): its inverse must be a relationship of \(destination) that points back to \(entityName)")
                    continue
                }
                let key = Key(entity: entityName, property: relationship.name)
                let back = Key(entity: destination, property: target.name)
                if let other = inverse[back], other != relationship.name {
                    problems.append(
                        "\(destination).\(target.name) is the inverse of both \(entityName).\(other) and \(entityName).\(relationship.name); a relationship has one inverse")
                    continue
                }
                inverse[key] = target.name
                inverse[back] = relationship.name
            }
        }
        for (entityName, mapping) in mappings.sorted(by: { $0.key < $1.key }) {
            for relationship in mapping.relationships where inverse[Key(entity: entityName, property: relationship.name)] == nil {
                let destination = relationship.relationship.destination
                let candidates = (mappings[destination]?.relationships ?? []).filter {
                    $0.relationship.destination == entityName && inverse[Key(entity: destination, property: $0.name)] == nil
                        && !(destination == entityName && $0.name == relationship.name)
                }
                let rivals = mapping.relationships.filter {
                    $0.relationship.destination == destination && inverse[Key(entity: entityName, property: $0.name)] == nil
                }
                guard !candidates.isEmpty else { continue }
                // A self-referencing pair (parent / children) counts both of its sides among the rivals.
                guard candidates.count == 1, rivals.count == (destination == entityName ? 2 : 1) else {
                    let names = (rivals.map { "\(entityName).\($0.name)" } + candidates.map { "\(destination).\($0.name)" })
                    problems.append(
                        "the inverse of \(entityName).\(relationship.name) is ambiguous among \(names.joined(separator: ", ")); name it with @Relationship(inverse: \\\(destination).property)")
                    continue
                }
                inverse[Key(entity: entityName, property: relationship.name)] = candidates[0].name
                inverse[Key(entity: destination, property: candidates[0].name)] = relationship.name
            }
        }
        for (entityName, mapping) in mappings {
            for index in mapping.relationships.indices {
                mapping.relationships[index].relationship.inverse = inverse[Key(entity: entityName, property: mapping.relationships[index].name)]
            }
        }
        return problems
    }

    private struct Key: Hashable {
        let entity: String
        let property: String
    }
}
