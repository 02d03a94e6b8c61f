import Strata

/// One change of a diff, ready to draw: its entity, marker, text, classification and the reason behind it.
package struct DiffEntry: Sendable, Equatable {
    /// The entity the change belongs to.
    package var entity: String
    /// The property, when the change is about one.
    package var property: String?
    /// "+", "-" or "~".
    package var marker: String
    /// "Book.isbnCode renamed from isbn".
    package var text: String
    /// "lightweight", "custom" or "destructive".
    package var label: String
    /// The reason and fix of a custom change, or the loss of a destructive one.
    package var detail: String?
    /// The step ("1.0.0 -> 2.0.0") the change belongs to, when the diff spans several versions.
    package var step: String?
    /// Where the entity stands in the inheritance of a store's own model, when the change is about one of its
    /// entities.
    package var lineage: EntityLineage?

    /// The ancestor declaring the changed property, when the entity inherits it in a store's own model.
    package var inheritedFrom: String? { property.flatMap { lineage?.inherited[$0] } }

    /// The entry with its entity's place in a model's inheritance (unchanged for an entity not in `lineage`).
    func placed(in lineage: [String: EntityLineage]) -> DiffEntry {
        var placed = self
        placed.lineage = lineage[entity]
        return placed
    }

    /// The entries of a diff, in its order (grouped by entity), each marked with `step` when given.
    package static func entries(of diff: SchemaDiff, step: String? = nil) -> [DiffEntry] {
        diff.changes.map { change in
            let detail: String? =
                switch change.classification {
                case .lightweight: nil
                case .custom(let reason, let fix): "\(reason); \(fix)"
                case .destructive(let loss): "loses \(loss)"
                }
            return DiffEntry(
                entity: change.entity, property: change.property, marker: change.marker, text: change.description,
                label: change.classification.label, detail: detail, step: step)
        }
    }
}
