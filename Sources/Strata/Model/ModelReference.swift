/// A related object as a backing data holds it: the object itself, or its identifier until it is needed.
enum ModelReference {
    /// An object in memory (new or changed objects, and objects related to them).
    case object(any PersistentModel)
    /// A saved row not loaded yet.
    case identifier(PersistentIdentifier)

    /// True when both denote the same object or row.
    func denotes(_ model: any PersistentModel) -> Bool {
        switch self {
        case .object(let object): return object === model
        case .identifier(let id):
            let backing = model._strataBackingData
            return backing.primaryKey == id.primaryKey && backing.mapping?.name == id.entityName
        }
    }
}
