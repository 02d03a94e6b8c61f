/// Pairs each relationship with its inverse: the one named by `@Relationship(inverse:)` on either side, or
/// the only relationship on the destination that points back, when exactly one does.
///
/// It works on names alone, so the run-time schema of model types and a schema read from Swift sources pair
/// inverses the same way.
package struct InverseResolver: Sendable {
    /// One relationship as declared: its entity, name, destination and the inverse `@Relationship(inverse:)` names.
    package struct Declared: Sendable {
        /// The entity holding the relationship.
        package let entity: String
        /// The relationship's name.
        package let name: String
        /// The entity it points to.
        package let destination: String
        /// The destination's property named with `inverse:` (empty when it names no property of the destination).
        package let declaredInverse: String?

        /// Declares a relationship.
        package init(entity: String, name: String, destination: String, declaredInverse: String?) {
            self.entity = entity
            self.name = name
            self.destination = destination
            self.declaredInverse = declaredInverse
        }
    }

    /// A relationship by entity and name.
    package struct Key: Hashable, Sendable {
        /// The entity.
        package let entity: String
        /// The relationship's name.
        package let property: String

        /// Names a relationship.
        package init(entity: String, property: String) {
            self.entity = entity
            self.property = property
        }
    }

    /// A relationship whose inverse is wrong or cannot be inferred, and why.
    package struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The relationship concerned.
        package let relationship: Key
        /// What is wrong and how to fix it.
        package let description: String
    }

    private let byEntity: [String: [Declared]]

    /// A resolver over every relationship of a schema.
    package init(_ relationships: [Declared]) {
        byEntity = Dictionary(grouping: relationships, by: \.entity)
    }

    /// The inverse of every relationship that has one, and the problems found (ambiguous or mismatched inverses).
    package func resolve() -> (inverses: [Key: String], problems: [Problem]) {
        var problems: [Problem] = []
        var inverse: [Key: String] = [:]
        for (entityName, relationships) in byEntity.sorted(by: { $0.key < $1.key }) {
            for relationship in relationships {
                guard let declared = relationship.declaredInverse else { continue }
                let destination = relationship.destination
                let key = Key(entity: entityName, property: relationship.name)
                guard let target = byEntity[destination]?.first(where: { $0.name == declared }) else {
                    problems.append(
                        Problem(
                            relationship: key,
                            description:
                                "\(entityName).\(relationship.name): its inverse must be a relationship of \(destination) that points back to \(entityName)"
                        ))
                    continue
                }
                let back = Key(entity: destination, property: target.name)
                if let other = inverse[back], other != relationship.name {
                    problems.append(
                        Problem(
                            relationship: key,
                            description:
                                "\(destination).\(target.name) is the inverse of both \(entityName).\(other) and \(entityName).\(relationship.name); a relationship has one inverse"
                        ))
                    continue
                }
                inverse[key] = target.name
                inverse[back] = relationship.name
            }
        }
        for (entityName, relationships) in byEntity.sorted(by: { $0.key < $1.key }) {
            for relationship in relationships where inverse[Key(entity: entityName, property: relationship.name)] == nil
            {
                let destination = relationship.destination
                let candidates = (byEntity[destination] ?? []).filter {
                    $0.destination == entityName && inverse[Key(entity: destination, property: $0.name)] == nil
                        && !(destination == entityName && $0.name == relationship.name)
                }
                let rivals = relationships.filter {
                    $0.destination == destination && inverse[Key(entity: entityName, property: $0.name)] == nil
                }
                guard !candidates.isEmpty else { continue }
                // A self-referencing pair (parent / children) counts both of its sides among the rivals.
                guard candidates.count == 1, rivals.count == (destination == entityName ? 2 : 1) else {
                    let names =
                        (rivals.map { "\(entityName).\($0.name)" } + candidates.map { "\(destination).\($0.name)" })
                    problems.append(
                        Problem(
                            relationship: Key(entity: entityName, property: relationship.name),
                            description:
                                "the inverse of \(entityName).\(relationship.name) is ambiguous among \(names.joined(separator: ", ")); name it with @Relationship(inverse: \\\(destination).property)"
                        ))
                    continue
                }
                inverse[Key(entity: entityName, property: relationship.name)] = candidates[0].name
                inverse[Key(entity: destination, property: candidates[0].name)] = relationship.name
            }
        }
        return (inverse, problems)
    }
}
