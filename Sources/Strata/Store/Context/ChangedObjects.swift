/// The saved objects a context changed since its last save, which it keeps until then: a list, with each object's
/// membership as flags on its storage. A hash table keyed by object cost every first change a hash and an insert,
/// and every save a pass to empty it (about 250 instructions a row in W3).
///
/// Membership is by storage: objects made over one storage (see `BackingData._escaping`) change the same row, and
/// the first of them entered stands for it.
struct ChangedObjects {
    /// Every object entered since the list was last emptied; those taken out since have their storage's
    /// `isChanged` false (an object taken out and entered again is listed once).
    private var listed: [any PersistentModel] = []
    /// How many listed objects are in.
    private var count = 0

    /// True when no object is in.
    var isEmpty: Bool { count == 0 }

    /// The objects in, in the order of their first change.
    var objects: [any PersistentModel] {
        count == listed.count ? listed : listed.filter { $0._strataBackingData.isChanged }
    }

    /// True when `model`'s storage is in.
    func contains(_ model: any PersistentModel) -> Bool { model._strataBackingData.isChanged }

    /// Enters an object, unless its storage is in.
    mutating func insert(_ model: any PersistentModel) {
        let backing = model._strataBackingData
        guard !backing.isChanged else { return }
        backing.isChanged = true
        count += 1
        guard !backing.isListedAsChanged else { return }
        backing.isListedAsChanged = true
        listed.append(model)
    }

    /// Takes an object out, if in.
    mutating func remove(_ model: any PersistentModel) {
        let backing = model._strataBackingData
        guard backing.isChanged else { return }
        backing.isChanged = false
        count -= 1
    }

    /// Takes every object out, calling `body` with each that was in (in order); keeps the list's room when
    /// `keepingCapacity` (see `ModelContext.batchCapacity`).
    mutating func removeAll(keepingCapacity: Bool = false, _ body: (any PersistentModel) -> Void = { _ in }) {
        for model in listed {
            let backing = model._strataBackingData
            backing.isListedAsChanged = false
            guard backing.isChanged else { continue }
            backing.isChanged = false
            body(model)
        }
        listed.removeAll(keepingCapacity: keepingCapacity && listed.count <= ModelContext.batchCapacity)
        count = 0
    }
}
