internal import GRDB

/// Reads and changes relationships between objects, keeping both sides of an inverse pair in step.
struct RelationshipGraph {
    let context: ModelContext?

    /// The related objects (loading them from the store the first time), without deleted ones.
    func objects(of model: any PersistentModel, _ relationship: RelationshipMapping) -> [any PersistentModel] {
        objectsIncludingDeleted(of: model, relationship).filter { !$0._strataBackingData.isDeleted }
    }

    /// The related objects, deleted ones included (a required to-one keeps reading its deleted target).
    /// Saved related objects are resolved in the context of `model` (an object not inserted yet may be linked
    /// to a saved one, whose related objects live in the saved one's context).
    func objectsIncludingDeleted(of model: any PersistentModel, _ relationship: RelationshipMapping)
        -> [any PersistentModel]
    {
        let owner = model._strataBackingData.context ?? context
        return references(of: model, relationship.name).compactMap { resolve($0, in: owner) }
    }

    /// Replaces the related objects, updating the inverse side of every object added or removed.
    ///
    /// Deleted objects count among the old ones: clearing a to-one link to a deleted object still takes this object
    /// out of the deleted one's inverse, so its delete rule (`.deny`) sees the link gone. A to-many list keeps its
    /// deleted objects: reading it hides them, so a list read and written back (`append`) did not remove them,
    /// and the deleted one's delete rule (`.cascade`) still reaches this object at the save.
    func set(_ model: any PersistentModel, _ relationship: RelationshipMapping, to newObjects: [any PersistentModel]) {
        let old = objectsIncludingDeleted(of: model, relationship)
        var unique: [any PersistentModel] = []
        for object in newObjects where !unique.contains(where: { $0 === object }) { unique.append(object) }
        if relationship.relationship.isToMany {
            for object in old where object._strataBackingData.isDeleted && !unique.contains(where: { $0 === object }) {
                unique.append(object)
            }
        }
        let removed = old.filter { object in !unique.contains { $0 === object } }
        let added = unique.filter { object in !old.contains { $0 === object } }
        model._strataBackingData.replaceRelated(relationship, with: unique.map(ModelReference.object), of: model)
        context?.noteChanged(model)
        for object in added { adopt(object, into: context) }
        // A new object linked to a saved one joins the saved one's context, as SwiftData inserts it there.
        if context == nil { adopt(model, into: added.lazy.compactMap { $0._strataBackingData.context }.first) }
        guard let inverseName = relationship.relationship.inverse else { return }
        for object in removed { unlink(object, inverseName, from: model) }
        for object in added { link(object, inverseName, to: model) }
    }

    /// Removes a deleted object from the inverse side of each of its relationships.
    func detach(_ model: any PersistentModel) {
        let mapping = model._strataBackingData.prepare(model)
        for relationship in mapping.relationships {
            guard let inverseName = relationship.relationship.inverse else { continue }
            for object in objects(of: model, relationship) { unlink(object, inverseName, from: model) }
        }
    }

    /// Adds `target` to `object`'s relationship `name` (for a to-one, replacing and unlinking the previous one).
    private func link(_ object: any PersistentModel, _ name: String, to target: any PersistentModel) {
        let mapping = object._strataBackingData.prepare(object)
        guard let relationship = mapping.relationship(named: name) else { return }
        var current = objects(of: object, relationship)
        guard !current.contains(where: { $0 === target }) else { return }
        if relationship.relationship.isToMany {
            current.append(target)
        } else {
            // A deleted previous target leaves too (its `.deny` rule then sees the link gone), as in `set`.
            let previous = objectsIncludingDeleted(of: object, relationship).first
            if let previous, let inverse = relationship.relationship.inverse {
                unlink(previous, inverse, from: object)
            }
            current = [target]
        }
        store(current, in: object, relationship)
    }

    /// Removes `target` from `object`'s relationship `name`.
    private func unlink(_ object: any PersistentModel, _ name: String, from target: any PersistentModel) {
        let mapping = object._strataBackingData.prepare(object)
        guard let relationship = mapping.relationship(named: name) else { return }
        let current = objects(of: object, relationship)
        guard current.contains(where: { $0 === target }) else { return }
        store(current.filter { $0 !== target }, in: object, relationship)
    }

    private func store(
        _ objects: [any PersistentModel], in object: any PersistentModel, _ relationship: RelationshipMapping
    ) {
        object._strataBackingData.replaceRelated(relationship, with: objects.map(ModelReference.object), of: object)
        context?.noteChanged(object)
    }

    /// Puts a new related object into the context of the object it was related to.
    private func adopt(_ object: any PersistentModel, into context: ModelContext?) {
        if let context, object._strataBackingData.context == nil, object._strataBackingData.primaryKey == nil {
            context.insertReached(object)
        }
    }

    private func references(of model: any PersistentModel, _ name: String) -> [ModelReference] {
        let backing = model._strataBackingData
        if let loaded = backing.related[name] { return loaded }
        guard let context = backing.context ?? context, let mapping = backing.mapping,
            let relationship = mapping.relationship(named: name), let key = backing.primaryKey
        else { return [] }
        // Loading the relationship for the rows read with this one runs one query for all of them.
        if let group = backing.faultGroup, let own = backing.context,
            (try? own.loadInBatch(mapping, relationship, owners: group.window(around: Int(backing.faultIndex))))
                == true,
            let loaded = backing.related[name]
        {
            return loaded
        }
        let loaded = (try? context.relatedKeys(of: mapping, key, relationship)) ?? []
        backing.related[name] = loaded
        return loaded
    }

    private func resolve(_ reference: ModelReference, in owner: ModelContext?) -> (any PersistentModel)? {
        switch reference {
        case .object(let object): return object
        case .identifier(let id): return try? owner?.object(for: id)
        }
    }
}
