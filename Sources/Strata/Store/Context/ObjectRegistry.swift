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
    /// then takes a slower path, which a migration touching a million rows pays millions of times. The entry is
    /// removed as the object's storage is freed, which the object's release frees with it (inside Strata nothing
    /// else holds a model's storage: the context's undo log only while the context keeps the object too; storage
    /// a second object was made over is handed out anew, see `shared`).
    ///
    /// Counted (`unowned`, not `unowned(unsafe)`, which would save about 440 instructions a row in W3): app code may
    /// keep an object's `persistentBackingData` after the object is freed, and a lookup of that row then stops the
    /// process with Swift's message instead of reading freed memory.
    private struct Entry {
        /// The object, alive for as long as the entry exists.
        unowned let object: AnyObject
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

    /// Registered storage that several objects share (see `BackingData._adopting`), by its identity. The object
    /// an entry names may be freed while another keeps the storage, so such a row is handed out as a new object
    /// over the storage, and its entry's object is never read. The storage is not retained: its entry, and this,
    /// go as it is freed.
    private struct SharedStorage {
        unowned(unsafe) let storage: BackingData
    }
    @exclusivity(unchecked) private var shared: [ObjectIdentifier: SharedStorage] = [:]

    /// The registered object of a row of the entity `mapping` describes, if alive.
    func object(_ mapping: EntityMapping, primaryKey: Int64) -> (any PersistentModel)? {
        rows(of: mapping)?.entries[primaryKey].map { model(of: $0, mapping) }
    }

    /// Every registered object of an entity.
    func objects(_ mapping: EntityMapping) -> [any PersistentModel] {
        rows(of: mapping)?.entries.values.map { model(of: $0, mapping) } ?? []
    }

    /// The object of an entry: the registered one, or a new one over storage several objects share.
    private func model(of entry: Entry, _ mapping: EntityMapping) -> any PersistentModel {
        if !shared.isEmpty, let storage = shared[entry.storage]?.storage {
            return BackingDataHandoff.make(mapping.type, with: storage)
        }
        return Self.model(entry.object, of: mapping.type)
    }

    /// Marks the storage of a registered row as shared by several objects.
    func share(_ mapping: EntityMapping, primaryKey: Int64, storage: BackingData) {
        let identity = ObjectIdentifier(storage)
        guard rows(of: mapping)?.entries[primaryKey]?.storage == identity else { return }
        shared[identity] = SharedStorage(storage: storage)
    }

    /// Registers a saved object as the one of its row.
    func register(_ model: any PersistentModel, _ mapping: EntityMapping, primaryKey: Int64) {
        let storage = model.persistentBackingData
        let entry = Entry(object: model, storage: ObjectIdentifier(storage))
        if storage.isShared { shared[entry.storage] = SharedStorage(storage: storage) }
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
        if !shared.isEmpty { shared[storage] = nil }
        rows(of: entity)?.entries.remove(primaryKey, if: { $0.storage == storage })
    }

    /// Takes out the entry of a row (a deleted one).
    func remove(_ mapping: EntityMapping, primaryKey: Int64) {
        guard let rows = rows(of: mapping) else { return }
        if !shared.isEmpty, let storage = rows.entries[primaryKey]?.storage { shared[storage] = nil }
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
