/// How a model object's storage holds its related objects: set with their observers told, held by identifier where
/// holding the object would keep the context alive in a cycle (see `BackingData.context`), and let go of once the
/// object leaves its context's graph.
extension BackingData {
    /// Replaces the related objects of a relationship, telling its observers.
    func replaceRelated(
        _ relationship: RelationshipMapping, with references: [ModelReference], of model: any PersistentModel
    ) {
        willChange(relationship: relationship.name)
        guard isObserved else {
            related[relationship.name] = referencesToHold(references)
            return
        }
        relationship.observation.willSet(registrar, model)
        related[relationship.name] = referencesToHold(references)
        relationship.observation.didSet(registrar, model)
    }

    /// `references` as this object may hold them: while its context keeps it, the saved objects of that context
    /// the context does not keep become their identifiers, since each keeps the context (see `context`).
    func referencesToHold(_ references: [ModelReference]) -> [ModelReference] {
        guard isKeptByContext, let context,
            references.contains(where: { Self.identifier(replacing: $0, in: context) != nil })
        else { return references }
        return references.map { Self.identifier(replacing: $0, in: context).map(ModelReference.identifier) ?? $0 }
    }

    /// The identifier an object kept by `context` holds instead of `reference`: a saved object of `context` that
    /// the context does not keep. Nil when the reference stays as it is.
    private static func identifier(replacing reference: ModelReference, in context: ModelContext)
        -> PersistentIdentifier?
    {
        guard case .object(let object) = reference else { return nil }
        let backing = object._strataBackingData
        guard backing.primaryKey != nil, !backing.isKeptByContext, backing.context === context else { return nil }
        return object.persistentModelID
    }

    /// Forgets the links of an object that left its context's graph (its insert undone, or its delete saved) to
    /// objects that still belong to a context. Those no longer list it (undoing the insert or deleting the object
    /// took it out of their inverses), and each may keep its context and store alive: held by this object, they
    /// lived as long as it, which the objects that left with it, linked to it, keep for ever. Links to objects that
    /// left too stay (a rolled-back pet still reads its rolled-back owner); nothing is rolled back to any more.
    func dropLinksToObjectsInContexts() {
        for (name, references) in related {
            related[name] = references.filter { reference in
                guard case .object(let object) = reference else { return false }
                return object._strataBackingData.context == nil
            }
        }
        committedRelated = nil
    }
}
