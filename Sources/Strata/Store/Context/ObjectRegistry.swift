/// The saved objects a context has handed out, by entity and row, so that one row is one object while someone
/// holds it. Objects are not retained: an object nobody uses is released, and its storage takes its entry out
/// (`ModelContext.forget`).
///
/// One table of rows per entity, keyed by primary key (a `RowTable`), and each entry two words: a fetch of a
/// million objects holds a million entries, so their size is a tenth of the fetch's memory (24 bytes a slot here,
/// 40 with the entity in the key and the object as an existential).
final class ObjectRegistry {
    /// A registered object.
    ///
    /// Not a weak reference: a weakly referenced object gets a side table, and every retain and release of it
    /// then takes a slower path, which a migration touching a million rows pays millions of times. Nor counted
    /// (`unowned`): that took an atomic count on the object for each copy of the entry (about 440 instructions a
    /// row in W3). The entry is removed as the object's storage is freed, which the object's release frees with it:
    /// inside Strata nothing else holds a model's storage (the context's undo log only while the context keeps the
    /// object too), and storage the app may hold apart from its object is escaped (`BackingData._escaping`), its
    /// object then found through `escaped`, so `object` is read only while the object lives.
    private struct Entry {
        /// The object, alive for as long as the entry exists unless its storage is escaped.
        unowned(unsafe) let object: AnyObject
        /// The object's storage, which identifies the entry when it is freed.
        let storage: ObjectIdentifier
    }

    /// The entries of one entity, by primary key; a class, so that changing them leaves the table of entities
    /// alone (a nested dictionary was looked up and written back twice per object fetched or freed).
    private final class Rows {
        @exclusivity(unchecked) var entries = RowTable<Entry>()
    }

    /// The entries of each entity, by its mapping's identity.
    @exclusivity(unchecked) private var entities: [ObjectIdentifier: Rows] = [:]
    /// The entity used last and its entries: fetching, saving and freeing go through one entity's rows at a time.
    @exclusivity(unchecked) private var last: (entity: ObjectIdentifier, rows: Rows)?

    /// Registered storage the app may hold apart from its object (see `BackingData._escaping`), by its identity.
    /// The object an entry names may be freed while the storage lives on, so the entry's object is never read: such
    /// a row is handed out as the object last handed out over the storage while it lives, and as a new object over
    /// the storage once it is gone. The storage is not retained: its entry, and this, go as it is freed.
    private struct EscapedStorage {
        /// The storage, alive for as long as the entry exists.
        unowned(unsafe) let storage: BackingData
        /// The object last handed out over it, until freed.
        weak var object: AnyObject?
    }
    @exclusivity(unchecked) private var escaped: [ObjectIdentifier: EscapedStorage] = [:]

    /// The registered object of a row of the entity `mapping` describes, if alive.
    func object(_ mapping: EntityMapping, primaryKey: Int64) -> (any PersistentModel)? {
        rows(of: mapping)?.entries[primaryKey].map { model(of: $0, mapping) }
    }

    /// Every registered object of an entity.
    func objects(_ mapping: EntityMapping) -> [any PersistentModel] {
        rows(of: mapping)?.entries.values.map { model(of: $0, mapping) } ?? []
    }

    /// The object of an entry: the registered one, or for escaped storage the one last handed out over it while it
    /// lives, else a new one.
    private func model(of entry: Entry, _ mapping: EntityMapping) -> any PersistentModel {
        guard !escaped.isEmpty, let kept = escaped[entry.storage] else {
            return Self.model(entry.object, of: mapping.type)
        }
        if let object = kept.object { return Self.model(object, of: mapping.type) }
        let made = BackingDataHandoff.make(mapping.type, with: kept.storage)
        escaped[entry.storage]?.object = made
        return made
    }

    /// Marks the storage of a registered row as escaped (see `BackingData._escaping`).
    func escape(_ mapping: EntityMapping, primaryKey: Int64, storage: BackingData) {
        let identity = ObjectIdentifier(storage)
        guard escaped[identity] == nil, let entry = rows(of: mapping)?.entries[primaryKey], entry.storage == identity
        else { return }
        // Until now only the registered object held the storage, which is alive: so is that object.
        escaped[identity] = EscapedStorage(storage: storage, object: entry.object)
    }

    /// Registers a saved object as the one of its row.
    func register(_ model: any PersistentModel, _ mapping: EntityMapping, primaryKey: Int64) {
        let storage = model._strataBackingData
        let entry = Entry(object: model, storage: ObjectIdentifier(storage))
        if storage.isEscaped { escaped[entry.storage] = EscapedStorage(storage: storage, object: model) }
        if let rows = rows(of: mapping) {
            rows.entries.set(entry, for: primaryKey)
            return
        }
        let rows = Rows()
        rows.entries.set(entry, for: primaryKey)
        entities[ObjectIdentifier(mapping)] = rows
        last = (ObjectIdentifier(mapping), rows)
    }

    /// Takes out the entry of a row of the entity whose mapping's identity is `entity`, unless it belongs to other
    /// storage than `storage` (another object holds the row now).
    func forget(_ entity: ObjectIdentifier, primaryKey: Int64, storage: ObjectIdentifier) {
        if !escaped.isEmpty { escaped[storage] = nil }
        rows(of: entity)?.entries.remove(primaryKey, if: { $0.storage == storage })
    }

    /// Takes out the entry of a row (a deleted one).
    func remove(_ mapping: EntityMapping, primaryKey: Int64) {
        guard let rows = rows(of: mapping) else { return }
        if !escaped.isEmpty, let storage = rows.entries[primaryKey]?.storage { escaped[storage] = nil }
        rows.entries.remove(primaryKey)
    }

    /// The entries of an entity, if any object of it was registered.
    private func rows(of mapping: EntityMapping) -> Rows? {
        rows(of: ObjectIdentifier(mapping))
    }

    /// The entries of the entity whose mapping's identity is `entity`, if any object of it was registered.
    private func rows(of entity: ObjectIdentifier) -> Rows? {
        if let last, last.entity == entity { return last.rows }
        guard let rows = entities[entity] else { return nil }
        last = (entity, rows)
        return rows
    }

    /// A registered object as a model: every object of an entity is of its mapping's class, so no dynamic cast
    /// is needed (an object of a subclass takes the checked one).
    private static func model<T: PersistentModel>(_ object: AnyObject, of type: T.Type) -> any PersistentModel {
        Swift.type(of: object) == type ? unsafeDowncast(object, to: T.self) : object as! any PersistentModel
    }
}
