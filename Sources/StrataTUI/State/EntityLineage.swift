/// Where an entity of a store's own model (SwiftData or Core Data, which have entity inheritance) stands in its
/// inheritance tree; Strata's schema shows each entity flattened, with the properties it inherits.
package struct EntityLineage: Sendable, Equatable {
    /// The entity it inherits from, if any.
    package var parent: String?
    /// True for an abstract entity (no rows of its own).
    package var isAbstract: Bool
    /// Each inherited property's name with the ancestor that declares it.
    package var inherited: [String: String]

    /// Creates a lineage.
    package init(parent: String?, isAbstract: Bool = false, inherited: [String: String] = [:]) {
        self.parent = parent
        self.isAbstract = isAbstract
        self.inherited = inherited
    }

    /// " : Parent" (and " (abstract)"), to follow the entity's name as `strata info` writes it.
    var suffix: String { (parent.map { " : \($0)" } ?? "") + (isAbstract ? " (abstract)" : "") }
}
