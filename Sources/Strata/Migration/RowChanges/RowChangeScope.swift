/// What one stage can do to one entity's rows, read from the stage's kind and diff, so the recorder snapshots and
/// compares only what can differ.
///
/// A lightweight (or inferred) stage runs only the SQL steps of its diff: it alters or rebuilds the tables of the entities its
/// changes name (foreign keys off, so no other table is touched), keeps every row of a kept entity under its key, and
/// alters values only where a step writes them. An entity rebuilt by the 12-step copy may have any value filled or
/// converted; one altered in place changes only the columns of its removed attributes (dropped) and of attributes
/// made required with a default (filled where NULL). A custom stage runs app code, which may touch any row of any
/// entity: every entity of either version is compared in full.
struct RowChangeScope: Equatable {
    /// True when the later table holds exactly the earlier rows under the same keys.
    let sameRows: Bool
    /// The later columns whose values may differ from their earlier counterparts'; nil when any may. (Columns of
    /// removed attributes are always read: their values are reported as dropped.)
    let changing: Set<String>?

    /// The entities `stage` can change, each with what it can change in them (earlier or later names; a renamed
    /// entity under its later name).
    static func scopes(of stage: PlannedStage) -> [String: RowChangeScope] {
        let names = Set(stage.from.entities.map(\.name) + stage.to.entities.map(\.name))
        guard stage.kind != .custom else {
            return Dictionary(uniqueKeysWithValues: names.map { ($0, .everything) })
        }
        let rebuilt = Set(stage.structuralPlan.rebuiltEntities)
        var scopes: [String: RowChangeScope] = [:]
        for name in Set(stage.diff.changes.map(\.entity)) where names.contains(name) {
            guard stage.diff.sourceEntity(named: name) != nil, stage.to.entitiesByName[name] != nil else {
                scopes[name] = .everything
                continue
            }
            guard !rebuilt.contains(name) else {
                scopes[name] = RowChangeScope(sameRows: true, changing: nil)
                continue
            }
            var changing: Set<String> = []
            for case .attributeOptionalityChanged(_, let attribute, false) in stage.diff.changes.filter({
                $0.entity == name
            }) {
                changing.insert(attribute.name)
            }
            scopes[name] = RowChangeScope(sameRows: true, changing: changing)
        }
        return scopes
    }

    /// Any row inserted, deleted or changed.
    static let everything = RowChangeScope(sameRows: false, changing: nil)
}
