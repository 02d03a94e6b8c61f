import Foundation
internal import GRDB

extension ModelContext {
    /// Writes every insert, change and delete in one transaction; on error nothing is written and the
    /// changes stay pending (call `rollback()` to drop them). Posts `willSave` and `didSave` around it.
    public func save() throws {
        try save(notify: true)
    }

    /// Saves; `notify` false posts no notification (the autosave at the end of the process). The contexts of
    /// migration stages post none either: their saves are parts of one stage's transaction.
    func save(notify: Bool) throws {
        useCheck.enter("save()", of: useDescription)
        defer { useCheck.leave() }
        try stage?.checkCancelled()
        if let error = takePendingErrors().first { throw error }
        guard hasChanges else { return }
        guard store.allowsSave else { throw StrataError.readOnly(store: store.identifier) }
        let notify = notify && stage == nil
        if notify { NotificationCenter.default.post(name: Self.willSave, object: self) }
        insertReachableObjects()
        try applyDeleteRules()
        let (insertedNow, changedNow, deletedNow) = (insertedModelsArray, changedModelsArray, deletedModelsArray)
        try validateRelationshipCounts(insertedNow, changedNow)
        try stage?.keepOldValues(inserted: insertedNow, changed: changedNow, store: store)
        let writer = SaveWriter(
            context: self, layout: StoreLayout(schema: schema), inserted: insertedNow,
            changed: changedNow, deleted: deletedNow, batchDeletes: batchDeletes)
        let assigned = try store.write("saving") { db in try writer.write(db) }
        let deletedIdentifiers = notify ? deletedNow.map(\.persistentModelID) : []
        didSave(insertedKeys: assigned)
        settleAutosave()
        stage?.didSave(rows: insertedNow.count + changedNow.count + deletedNow.count)
        if notify { postDidSave(inserted: insertedNow, updated: changedNow, deleted: deletedIdentifiers) }
    }

    /// Runs `block`, then saves; when `block` or the save throws, rolls back and rethrows.
    public func transaction(block: () throws -> Void) throws {
        do {
            try block()
            try save()
        } catch {
            rollback()
            throw error
        }
    }

    /// Brings the pending changes up to date as a save would before writing: new objects that inserted or
    /// changed objects relate to are inserted, so `insertedModelsArray` lists them. Inverses are kept in step
    /// as relationships are set, and delete rules apply at the save (where `.deny` can refuse it).
    public func processPendingChanges() {
        useCheck.enter("processPendingChanges()", of: useDescription)
        defer { useCheck.leave() }
        insertReachableObjects()
    }

    /// Inserts the new objects that inserted or changed objects relate to (as SwiftData does).
    private func insertReachableObjects() {
        // Only relationships reach other objects: a schema without any has nothing to walk.
        guard schema.mappings.values.contains(where: { !$0.relationships.isEmpty }) else { return }
        var work = insertedModelsArray + changedModelsArray
        while let model = work.popLast() {
            for references in model._strataBackingData.related.values {
                for case .object(let object) in references {
                    let backing = object._strataBackingData
                    if backing.primaryKey == nil, !backing.isDeleted, inserted[ObjectIdentifier(object)] == nil {
                        register(object)
                        work.append(object)
                    }
                }
            }
        }
    }

    /// Checks `.deny`, extends deletes along `.cascade`, and detaches deleted objects from their partners.
    private func applyDeleteRules() throws {
        var doomed = deletedModelsArray
        var index = 0
        let graph = RelationshipGraph(context: self)
        while index < doomed.count {
            let model = doomed[index]
            index += 1
            let mapping = model._strataBackingData.prepare(model)
            for relationship in mapping.relationships {
                let related = graph.objects(of: model, relationship).filter { object in
                    !doomed.contains { $0 === object }
                }
                switch relationship.relationship.deleteRule {
                case .deny where !related.isEmpty:
                    throw StrataError.deleteDenied(
                        entity: mapping.name, key: model.persistentModelID.description, relationship: relationship.name,
                        count: related.count)
                case .cascade:
                    doomed += related
                default:
                    break
                }
            }
        }
        for model in doomed {
            if !model.isDeleted { markDeleted(model) }
            graph.detach(model)
        }
    }

    /// Refuses to save a to-many relationship of the objects of `groups` outside its declared model counts. (The
    /// groups are not joined first: a save of thousands of objects would copy and retain each for nothing when no
    /// relationship declares counts.)
    private func validateRelationshipCounts(_ groups: [any PersistentModel]...) throws {
        let counted = schema.mappings.values.contains { mapping in
            mapping.relationships.contains {
                $0.relationship.minimumModelCount > 0 || $0.relationship.maximumModelCount > 0
            }
        }
        guard counted else { return }
        let graph = RelationshipGraph(context: self)
        for model in groups.joined() {
            guard let mapping = model._strataBackingData.mapping, !mapping.relationships.isEmpty else { continue }
            for relationship in mapping.relationships where relationship.relationship.isToMany {
                let minimum = relationship.relationship.minimumModelCount
                let maximum = relationship.relationship.maximumModelCount
                guard minimum > 0 || maximum > 0 else { continue }
                let count = graph.objects(of: model, relationship).count
                if count < minimum || (maximum > 0 && count > maximum) {
                    throw StrataError.relationshipCount(
                        entity: mapping.name, key: model.persistentModelID.description, relationship: relationship.name,
                        count: count, minimum: minimum, maximum: maximum)
                }
            }
        }
    }
}
