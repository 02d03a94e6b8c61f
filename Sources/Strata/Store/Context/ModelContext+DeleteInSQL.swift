import Foundation

extension ModelContext {
    /// `delete(model:where:)` without loading the rows: when no relationship leads to or from the entity (so no
    /// delete rule applies and no object refers to the rows), the context holds no unsaved change of the entity,
    /// and the predicate translates to SQL, the save runs one `DELETE ... WHERE` in its transaction. The objects of
    /// matching rows this context holds (and matching new objects) are deleted the ordinary way, and fetches
    /// before the save leave the rows out. Returns false when the rows must be fetched and deleted one by one.
    func deleteInSQL<T: PersistentModel>(_ model: T.Type, where predicate: Predicate<T>?) throws -> Bool {
        let mapping = try mapping(for: T.self)
        let relatedTo = schema.entities.contains { $0.relationships.contains { $0.destination == mapping.name } }
        guard stage == nil, !relatedTo else { return false }
        guard mapping.relationships.isEmpty,
            !(changedModelsArray + deletedModelsArray).contains(where: { $0._strataBackingData.mapping === mapping })
        else { return false }
        let plan = FetchPlan(
            FetchDescriptor<T>(predicate: predicate), mapping: mapping, schema: schema, inMemory: false)
        guard plan.predicateInSQL else { return false }
        let matches = try (registeredObjects(mapping) + insertedModelsArray).compactMap { $0 as? T }.filter {
            try predicate?.evaluate($0) ?? true
        }
        batchDeletes.append((mapping, plan.filter ?? SQLFragment(sql: "1", arguments: [])))
        for object in matches { delete(object) }
        return true
    }

    /// The predicates of `delete(model:where:)` still to run in SQL for an entity, which fetches leave out.
    func pendingBatchDeletes(of mapping: EntityMapping) -> [SQLFragment] {
        batchDeletes.compactMap { $0.mapping === mapping ? $0.filter : nil }
    }
}
