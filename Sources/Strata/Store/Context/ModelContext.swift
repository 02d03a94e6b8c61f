import Foundation
internal import GRDB

/// Tracks model objects of one container: fetches them, records inserts, changes and deletes, and saves them
/// in one transaction.
///
/// A context is not thread-safe: use each one from one thread at a time (make one per thread or task). It may
/// move between threads; two threads inside it at once stop the program with a message naming the context and
/// both uses (`ConcurrentUseCheck`), instead of corrupting it. The state touched for every object read or saved
/// skips Swift's run-time exclusivity checks (`@exclusivity(unchecked)`), which that check stands in for.
public final class ModelContext {
    /// The container the context belongs to.
    ///
    /// A container's `mainContext` refers to it without keeping it alive (the container keeps its main context;
    /// each keeping the other would keep both, and the store's files, open for ever): keep the container while
    /// you use `container` of its main context. Every other context keeps its container alive.
    public var container: ModelContainer {
        guard let container = keptContainer ?? owningContainer else {
            preconditionFailure("Strata: the container of this main context was released; keep the ModelContainer")
        }
        return container
    }
    private let keptContainer: ModelContainer?
    private weak var owningContainer: ModelContainer?
    /// Saves pending changes by themselves (see `ModelContext+Autosave.swift` for the exact rule). True for the
    /// main context and for contexts created on the main queue (the main actor), false for the others, as in SwiftData.
    @exclusivity(unchecked) public var autosaveEnabled: Bool
    /// True from the first change after an autosave until the next autosave or save.
    @exclusivity(unchecked) var autosavePending = false
    /// The schema objects are mapped with (the container's, or a migration stage's).
    let schema: Schema
    /// Saved objects by row, not retained: an object nobody uses is released, and its storage takes it out.
    private let registry = ObjectRegistry()
    /// Objects inserted since the last save, in insertion order.
    @exclusivity(unchecked) private(set) var inserted: [ObjectIdentifier: any PersistentModel] = [:]
    @exclusivity(unchecked) private(set) var insertionOrder: [ObjectIdentifier] = []
    /// Saved objects changed since the last save.
    @exclusivity(unchecked) private(set) var changed = ChangedObjects()
    /// Saved objects deleted since the last save.
    @exclusivity(unchecked) private(set) var deleted: [ObjectIdentifier: any PersistentModel] = [:]
    /// Rows deleted by `delete(model:where:)` in SQL at the next save: an entity and the translated predicate.
    @exclusivity(unchecked) var batchDeletes: [(mapping: EntityMapping, filter: SQLFragment)] = []
    /// The saved value of each attribute of a saved object changed since the last save, for rollback.
    /// The storage unretained: the context keeps the object (changed, or deleted after a change) for as long as its
    /// entries are read (a retain and a release a change fewer).
    @exclusivity(unchecked) private var undoLog:
        [(backing: Unmanaged<BackingData>, position: Int, value: AttributeValue)] = []
    /// Mistakes found by non-throwing calls (`insert` of a foreign type), thrown by the next save.
    private var pendingErrors: [StrataError] = []

    /// How the context reaches the database.
    let store: any StoreAccess
    /// Set for the contexts a migration stage hands to `willMigrate` and `didMigrate`.
    @exclusivity(unchecked) var stage: StageContext?

    /// Stops the program when the context is used from two threads at once (see `ConcurrentUseCheck`).
    let useCheck = ConcurrentUseCheck()

    /// "ModelContext 0x… of /path/Books.store", for the concurrent-use message.
    var useDescription: String { "ModelContext \(Unmanaged.passUnretained(self).toOpaque()) of \(store.identifier)" }

    /// Creates a context for a container.
    public init(_ container: ModelContainer) {
        self.keptContainer = container
        self.schema = container.schema
        self.store = container.store
        autosaveEnabled = MainQueue.isCurrent
    }

    /// The main context of `container`, which keeps it (so it does not keep `container`); it autosaves.
    init(mainOf container: ModelContainer) {
        self.keptContainer = nil
        self.owningContainer = container
        self.schema = container.schema
        self.store = container.store
        autosaveEnabled = true
    }

    /// A context over another schema or another access path (a migration stage's transaction).
    init(container: ModelContainer, schema: Schema, access: any StoreAccess) {
        self.keptContainer = container
        self.schema = schema
        self.store = access
        autosaveEnabled = false
    }

    /// Lets go of the objects the context keeps, which outlive it in no context (they refer to it unretained, see
    /// `BackingData.context`), and takes them out of the changed set (flags on their storage).
    deinit {
        for model in inserted.values { model._strataBackingData.contextWasFreed() }
        changed.removeAll { $0._strataBackingData.contextWasFreed() }
        for model in deleted.values { model._strataBackingData.contextWasFreed() }
    }

    // MARK: - Changes

    /// True while there are unsaved inserts, changes or deletes.
    public var hasChanges: Bool { !inserted.isEmpty || !changed.isEmpty || !deleted.isEmpty || !batchDeletes.isEmpty }

    /// The objects inserted since the last save.
    public var insertedModelsArray: [any PersistentModel] { insertionOrder.compactMap { inserted[$0] } }
    /// The saved objects changed since the last save.
    public var changedModelsArray: [any PersistentModel] { changed.objects }
    /// The saved objects deleted since the last save.
    public var deletedModelsArray: [any PersistentModel] { Array(deleted.values) }

    /// Adds a new object (and, at the next save, every new object it relates to).
    public func insert<T: PersistentModel>(_ model: T) {
        useCheck.enter("insert(_:)", of: useDescription)
        defer { useCheck.leave() }
        register(model)
    }

    /// Marks an object for deletion at the next save; delete rules are applied then.
    public func delete<T: PersistentModel>(_ model: T) {
        useCheck.enter("delete(_:)", of: useDescription)
        defer { useCheck.leave() }
        let backing = model._strataBackingData
        let id = ObjectIdentifier(model)
        if inserted.removeValue(forKey: id) != nil {
            insertionOrder.removeAll { $0 == id }
            RelationshipGraph(context: self).detach(model)
            backing.dropLinksToObjectsInContexts()
            backing.isDeleted = true
            // Deleted, the object keeps its context no more (see `BackingData.context`).
            backing.isKeptByContext = false
            return
        }
        guard backing.primaryKey != nil, !backing.isDeleted else { return }
        if backing.context == nil { adopt(model) }
        backing.isDeleted = true
        // A deleted object is not written as changed (its join-table rows would outlive its row).
        changed.remove(model)
        deleted[id] = model
        backing.keep(by: self)
        scheduleAutosave()
    }

    /// Deletes every object of a type that matches a predicate (all of them when nil), at the next save.
    ///
    /// When nothing relates to the entity and its predicate translates to SQL, the rows are deleted by one
    /// `DELETE ... WHERE` at the save, without loading them (`deleteInSQL`).
    public func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) throws {
        if try deleteInSQL(model, where: predicate) { return }
        for object in try fetch(FetchDescriptor<T>(predicate: predicate)) {
            delete(object)
        }
    }

    /// Forgets every unsaved change: inserted objects are dropped, changed ones get their saved values back.
    public func rollback() {
        useCheck.enter("rollback()", of: useDescription)
        defer { useCheck.leave() }
        // Every undone insert leaves before any forgets its links, so that they keep their links to each other.
        for model in inserted.values { model._strataBackingData.context = nil }
        for model in inserted.values { model._strataBackingData.dropLinksToObjectsInContexts() }
        let changedNow = changed.objects
        let didRestore = changedNow.map { $0._strataBackingData.willReplaceAll(of: $0) }
        for entry in undoLog { entry.backing.takeUnretainedValue().values[entry.position] = entry.value }
        undoLog = []
        batchDeletes = []
        for model in changedNow { model._strataBackingData.revert() }
        for notify in didRestore { notify() }
        for model in deleted.values { model._strataBackingData.revert() }
        letGo()
        inserted = [:]
        insertionOrder = []
        changed.removeAll()
        deleted = [:]
        pendingErrors = []
        settleAutosave()
    }

    // MARK: - Identity

    /// The object with this identifier: the registered one, or one loaded from the store.
    public func model(for persistentModelID: PersistentIdentifier) -> any PersistentModel {
        useCheck.enter("model(for:)", of: useDescription)
        defer { useCheck.leave() }
        if let model = try? object(for: persistentModelID) { return model }
        return MissingModel(backingData: BackingData())
    }

    /// The registered object with this identifier, if this context holds it.
    public func registeredModel<T: PersistentModel>(for persistentModelID: PersistentIdentifier) -> T? {
        registeredObject(for: persistentModelID) as? T
    }

    /// The registered object with this identifier, of whatever type.
    func registeredObject(for id: PersistentIdentifier) -> (any PersistentModel)? {
        useCheck.enter("registeredModel(for:)", of: useDescription)
        defer { useCheck.leave() }
        if id.isTemporary { return inserted.values.first { $0.persistentModelID == id } }
        guard let key = id.primaryKey, let mapping = schema.mappings[id.entityName] else { return nil }
        return registered(mapping, primaryKey: key)
    }

    /// The object for an identifier, loading it when it is not registered; nil when the row is gone.
    func object(for id: PersistentIdentifier) throws -> (any PersistentModel)? {
        if let registered = registeredObject(for: id) { return registered }
        guard let primaryKey = id.primaryKey, let mapping = schema.mappings[id.entityName] else { return nil }
        return try RowReader(context: self, mapping: mapping).fetch(primaryKey: primaryKey)
    }

    /// The registered object of a row of an entity (by its mapping in this context's schema), if alive.
    func registered(_ mapping: EntityMapping, primaryKey: Int64) -> (any PersistentModel)? {
        registry.object(mapping, primaryKey: primaryKey)
    }

    /// Every registered object of an entity.
    func registeredObjects(_ mapping: EntityMapping) -> [any PersistentModel] {
        registry.objects(mapping)
    }

    /// Registers a saved object loaded from a row.
    func register(loaded model: any PersistentModel, _ mapping: EntityMapping, primaryKey: Int64) {
        registry.register(model, mapping, primaryKey: primaryKey)
    }

    /// Marks a registered row's storage as escaped: the app may hold it apart from its object (see
    /// `BackingData._escaping`).
    func escape(_ mapping: EntityMapping, primaryKey: Int64, storage: BackingData) {
        useCheck.enter("a read of persistentBackingData", of: useDescription)
        defer { useCheck.leave() }
        registry.escape(mapping, primaryKey: primaryKey, storage: storage)
    }

    /// Takes out the entry of a released object (called as its storage is freed), unless another object holds the row now.
    func forget(_ entity: ObjectIdentifier, primaryKey: Int64, storage: ObjectIdentifier) {
        useCheck.enter("the release of a model object", of: useDescription)
        defer { useCheck.leave() }
        registry.forget(entity, primaryKey: primaryKey, storage: storage)
    }

    /// The mapping of a model type in this context's schema.
    func mapping(for type: any PersistentModel.Type) throws -> EntityMapping {
        guard let mapping = schema.mapping(for: type) else {
            if let stage {
                throw MigrationError.wrongVersionModel(
                    type: String(reflecting: type), phase: stage.phase, version: stage.version)
            }
            throw StrataError.unknownModelType(String(reflecting: type))
        }
        return mapping
    }

    /// Takes a new object in: binds it to the schema, and records it as inserted.
    func register(_ model: any PersistentModel) {
        let backing = model._strataBackingData
        let id = ObjectIdentifier(model)
        if backing.isDeleted, deleted.removeValue(forKey: id) != nil {
            backing.isDeleted = false
            if backing.hasChanges { changed.insert(model) } else { backing.isKeptByContext = false }
            return
        }
        guard backing.primaryKey == nil, inserted[id] == nil else { return }
        guard let mapping = schema.mapping(for: type(of: model)) else {
            pendingErrors.append(.unknownModelType(String(reflecting: type(of: model))))
            return
        }
        backing.mapping = mapping
        inserted[id] = model
        backing.keep(by: self)
        insertionOrder.append(id)
        backing.prepare(model)
        scheduleAutosave()
    }

    /// Takes in a saved object that belongs to no context (fetched by a context since released).
    private func adopt(_ model: any PersistentModel) {
        let backing = model._strataBackingData
        backing.context = self
        if let key = backing.primaryKey, let mapping = backing.mapping {
            register(loaded: model, mapping, primaryKey: key)
        }
    }

    /// Writes a saved object's attribute for the first time since the last save: the saved value moves to the undo
    /// log for rollback and, on the object's first change (`model` given), the context keeps the object until the
    /// next save.
    func replace(
        _ backing: BackingData, attribute position: Int, with value: AttributeValue,
        firstChangeOf model: (any PersistentModel)?
    ) {
        useCheck.enter("a change of a model property", of: useDescription)
        defer { useCheck.leave() }
        var saved = value
        swap(&backing.values[position], &saved)
        undoLog.append((.passUnretained(backing), position, saved))
        if let model { keepChanged(model, backing) }
    }

    /// Called when an object's relationship changes: keeps the object until the next save.
    func noteChanged(_ model: any PersistentModel) {
        useCheck.enter("a change of a model property", of: useDescription)
        defer { useCheck.leave() }
        keepChanged(model, model._strataBackingData)
    }

    /// Enters a saved, changed object in the changed set, which keeps it until the next save.
    private func keepChanged(_ model: any PersistentModel, _ backing: BackingData) {
        guard backing.primaryKey != nil, !backing.isDeleted else { return }
        changed.insert(model)
        backing.keep(by: self)
        scheduleAutosave()
    }

    /// Stops keeping the inserted, changed and deleted objects (before the sets are cleared): from then on each
    /// keeps this context alive instead (see `BackingData.context`).
    private func letGo() {
        letGo(inserted.values)
        letGo(changed.objects)
        letGo(deleted.values)
    }

    /// Stops keeping the objects of one pending set (see `letGo()`).
    private func letGo(_ objects: some Sequence<any PersistentModel>) {
        for model in objects { model._strataBackingData.isKeptByContext = false }
    }

    /// Clears the pending sets after a successful save.
    func didSave(insertedKeys: [SavedInsert]) {
        for saved in insertedKeys {
            let (model, key) = (saved.model, saved.key)
            let backing = model._strataBackingData
            backing.didSave(primaryKey: key, store: store.name)
            guard let mapping = backing.mapping else { continue }
            if saved.isUpsert {
                // The row may hold related models from before the upsert: to-many lists reload from the store.
                for relationship in mapping.relationships where relationship.relationship.isToMany {
                    backing.related[relationship.name] = nil
                }
            }
            if let existing = registered(mapping, primaryKey: key), existing !== model {
                // An upsert: the object already holding the row takes the values just written to it.
                existing._strataBackingData.values = backing.values
                existing._strataBackingData.related = [:]
                existing._strataBackingData.didSave(primaryKey: key, store: store.name)
            }
            register(loaded: model, mapping, primaryKey: key)
        }
        // One pass over the changed objects (a save of a batch visits each once more, not twice).
        changed.removeAll(keepingCapacity: true) { model in
            let backing = model._strataBackingData
            backing.didSaveChanges()
            if !backing.related.isEmpty { referToSavedObjectsByIdentifier(backing) }
            backing.isKeptByContext = false
        }
        undoLog.removeAll(keepingCapacity: true)
        for saved in insertedKeys { referToSavedObjectsByIdentifier(saved.model._strataBackingData) }
        for model in deleted.values {
            let backing = model._strataBackingData
            if let key = backing.primaryKey, let mapping = backing.mapping { registry.remove(mapping, primaryKey: key) }
            backing.context = nil
        }
        // Deleted objects linked to each other keep those links; the live objects they held could keep this
        // context alive through a deleted pair that holds itself (see `dropLinksToObjectsInContexts`).
        for model in deleted.values { model._strataBackingData.dropLinksToObjectsInContexts() }
        letGo(inserted.values)
        letGo(deleted.values)
        inserted.removeAll(keepingCapacity: inserted.count <= Self.batchCapacity)
        insertionOrder.removeAll(keepingCapacity: insertionOrder.count <= Self.batchCapacity)
        deleted = [:]
        batchDeletes = []
    }

    /// The most entries a pending set keeps room for once saved: a loop saving every few thousand objects then
    /// reuses the table instead of growing it again for every batch, and one huge save does not keep its size.
    static let batchCapacity = 16_384

    /// Saved objects refer to each other by identifier from now on, so object graphs do not keep each other
    /// (and this context) alive in reference cycles.
    private func referToSavedObjectsByIdentifier(_ backing: BackingData) {
        for (name, references) in backing.related {
            backing.related[name] = references.map { reference in
                guard case .object(let object) = reference, let key = object._strataBackingData.primaryKey,
                    let entity = object._strataBackingData.mapping?.name
                else { return reference }
                return .identifier(
                    PersistentIdentifier(entityName: entity, storeIdentifier: store.identifier, primaryKey: key))
            }
        }
    }

    /// Takes the errors recorded by non-throwing calls.
    func takePendingErrors() -> [StrataError] {
        defer { pendingErrors = [] }
        return pendingErrors
    }

    /// Records objects found by save's traversal as inserted (new objects reached through relationships).
    func insertReached(_ model: any PersistentModel) { register(model) }

    /// Marks a saved object deleted (used by cascades during save).
    func markDeleted(_ model: any PersistentModel) { delete(model) }
}
