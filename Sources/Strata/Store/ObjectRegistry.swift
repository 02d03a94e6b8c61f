/// The saved objects a context has handed out, by entity and row, so that one row is one object while someone
/// holds it. Objects are not retained: an object nobody uses is released, and its storage takes its entry out
/// (`ModelContext.forget`).
///
/// One table of rows per entity, keyed by primary key, and each entry two words: a fetch of a million objects
/// holds a million entries, so their size is a tenth of the fetch's memory (24 bytes a slot here, 40 with the
/// entity in the key and the object as an existential).
struct ObjectRegistry {
    /// A registered object.
    ///
    /// Not a weak reference: a weakly referenced object gets a side table, and every retain and release of it
    /// then takes a slower path, which a migration touching a million rows pays millions of times. The entry is
    /// removed as the object's storage is freed, so the reference never dangles.
    private struct Entry {
        /// The object, alive for as long as the entry exists.
        unowned let object: AnyObject
        /// The object's storage, which identifies the entry when it is freed.
        let storage: ObjectIdentifier
    }

    /// The entries of each entity (by its mapping's identity), by primary key.
    private var entities: [ObjectIdentifier: [Int64: Entry]] = [:]

    /// The registered object of a row of the entity `mapping` describes, if alive.
    func object(_ mapping: EntityMapping, primaryKey: Int64) -> (any PersistentModel)? {
        entities[ObjectIdentifier(mapping)]?[primaryKey].map { Self.model($0.object, of: mapping.type) }
    }

    /// Every registered object of an entity.
    func objects(_ mapping: EntityMapping) -> [any PersistentModel] {
        entities[ObjectIdentifier(mapping)]?.values.map { Self.model($0.object, of: mapping.type) } ?? []
    }

    /// Registers a saved object as the one of its row.
    mutating func register(_ model: any PersistentModel, _ mapping: EntityMapping, primaryKey: Int64) {
        entities[ObjectIdentifier(mapping), default: [:]][primaryKey] = Entry(
            object: model, storage: ObjectIdentifier(model.persistentBackingData))
    }

    /// Takes out the entry of a row, unless it belongs to other storage than `storage` (another object holds the
    /// row now).
    mutating func forget(_ mapping: EntityMapping, primaryKey: Int64, storage: ObjectIdentifier) {
        let entity = ObjectIdentifier(mapping)
        guard entities[entity]?[primaryKey]?.storage == storage else { return }
        entities[entity]?[primaryKey] = nil
    }

    /// Takes out the entry of a row (a deleted one).
    mutating func remove(_ mapping: EntityMapping, primaryKey: Int64) {
        entities[ObjectIdentifier(mapping)]?[primaryKey] = nil
    }

    /// A registered object as a model: every object of an entity is of its mapping's class, so no dynamic cast
    /// is needed (an object of a subclass takes the checked one).
    private static func model<T: PersistentModel>(_ object: AnyObject, of type: T.Type) -> any PersistentModel {
        Swift.type(of: object) == type ? unsafeDowncast(object, to: T.self) : object as! any PersistentModel
    }
}
