import Foundation
import Observation

// Safe as SwiftData's objects are: one thread at a time uses an object, and ConcurrentUseCheck stops overlapping uses of its context.
/// The storage behind one model object: its values, its related objects, and its state in a context.
///
/// `@Model` gives every model a `BackingData`; the generated accessors read and write through it. Its stored
/// properties are touched for every row read or saved, so Swift's run-time exclusivity checks are off for them
/// (`@exclusivity(unchecked)`; the checks were about 8% of W3): an object is used from one thread at a time.
public final class BackingData: @unchecked Sendable {
    /// Attribute values of the declared Swift types by position in the mapping's attributes, the common types
    /// unboxed (see `AttributeValue`); sized when the mapping is known. An array, not a dictionary by name:
    /// fetching and saving thousands of rows then builds no hash table per object.
    @exclusivity(unchecked) var values: [AttributeValue] = []
    /// Related objects by relationship name; absent until loaded from the store.
    @exclusivity(unchecked) var related: [String: [ModelReference]] = [:]
    /// The positions below 64 of the attributes changed since the last save, as bits (see `changedAttributes`).
    @exclusivity(unchecked) private var changedLowPositions: UInt64 = 0
    /// The context the object belongs to. The object keeps it alive, except while the context keeps the object
    /// (inserted, changed or deleted, until saved or rolled back): then the object refers to it weakly, as Core
    /// Data's objects always do. Both keeping each other made every unsaved object a cycle that kept its context,
    /// container and open store files alive for ever.
    ///
    /// Not a weak reference: a weakly referenced context gets a side table, and every retain and release of it
    /// then took the run time's slow path (about 450 instructions a row in W3). While the context keeps the object,
    /// the object refers to it unretained (`contextPointer`), and the context, as it is freed, takes itself out of
    /// every object it keeps (`contextWasFreed`): a kept object's pointer never names a freed context. Only an
    /// object inserted and deleted before a save, which neither keeps its context nor is kept by it, refers to it
    /// weakly (`BackingDataRareState.deletedFrom`).
    ///
    /// A saved, unchanged object keeps its context so that objects fetched through a context nobody holds still
    /// load their relationships, as SwiftData's do. So an object the context keeps never holds such an object
    /// itself: while kept, it refers to the saved objects of its context that the context does not keep by
    /// identifier (`referencesToHold`), which the context resolves to the same object while it lives. Otherwise
    /// context, kept object, related saved object and context again made a cycle (a deleted owner whose pets
    /// were loaded kept its store open). Nor does a deleted object keep its context: an object inserted and
    /// deleted before a save, which the context no longer keeps, may still be linked to a deleted saved object,
    /// and each kept the other.
    var context: ModelContext? {
        get {
            if let keptContext { return keptContext }
            if isKeptByContext, let contextPointer { return contextPointer.takeUnretainedValue() }
            return rareState?.deletedFrom
        }
        set {
            contextPointer = newValue.map(Unmanaged.passUnretained)
            keepContextUnlessKept()
        }
    }
    /// The context, unretained: named while `keptContext` holds it or while the context keeps the object.
    @exclusivity(unchecked) private var contextPointer: Unmanaged<ModelContext>?
    /// The context, kept alive by this object (see `context`).
    @exclusivity(unchecked) private var keptContext: ModelContext?
    /// The store the row is in once saved.
    @exclusivity(unchecked) var store: StoreName?
    /// How the object's properties are stored; set on first use.
    @exclusivity(unchecked) var mapping: EntityMapping?
    /// The rows read with this one, whose to-many relationships load together with its own (see `FaultGroup`).
    @exclusivity(unchecked) var faultGroup: FaultGroup?
    /// What most objects never need (see `BackingDataRareState`), made on first use.
    @exclusivity(unchecked) private var rareState: BackingDataRareState?
    // The optional, the flags and the fault index after the references, so that they share two words with the
    // optional's tag byte: with the store as one shared reference and the changed positions in one word, the
    // storage fits in 128 bytes.
    /// The row's primary key once saved.
    @exclusivity(unchecked) var primaryKey: Int64?
    /// True once deleted from its context.
    @exclusivity(unchecked) var isDeleted = false
    /// True once the object has its own `registrar`: until then nobody can observe it.
    @exclusivity(unchecked) private(set) var isObserved = false
    /// True while the object's storage is in its context's changed set (see `ChangedObjects`).
    @exclusivity(unchecked) var isChanged = false
    /// True while the object is listed in its context's changed set, in or taken out (see `ChangedObjects`).
    @exclusivity(unchecked) var isListedAsChanged = false
    /// True while the context keeps the object (as inserted, changed or deleted); see `context`.
    @exclusivity(unchecked) var isKeptByContext = false {
        didSet {
            keepContextUnlessKept()
            guard isKeptByContext, !oldValue, !related.isEmpty || rareState != nil else { return }
            for (name, references) in related { related[name] = referencesToHold(references) }
            committedRelated = committedRelated?.mapValues(referencesToHold)
        }
    }
    /// This row's place in `faultGroup` (32 bits: a group is one fetch's or one batch's objects).
    @exclusivity(unchecked) var faultIndex: Int32 = 0
    /// The observers of the object's properties (`Observable`): its own registrar from the first read of a
    /// property, since only a read can register an observer (objects only written, a migration's rows, never pay
    /// for one); until then one registrar every object shares, which nothing registers with.
    ///
    /// Not an optional: the registrar is a struct of another module, of unknown layout, and unwrapping an optional
    /// of it copied it through the optional's value witnesses on every property read (about 250 instructions).
    /// Last, because the offsets of the fields after it are only known at run time.
    @exclusivity(unchecked) private(set) var registrar = unobserved

    /// The registrar of objects no one has read a property of yet.
    private static let unobserved = ObservationRegistrar()

    /// The rare part of the storage, made if needed.
    private var rare: BackingDataRareState {
        if let rareState { return rareState }
        let made = BackingDataRareState()
        rareState = made
        return made
    }
    /// The related objects as last saved or fetched, kept from the first relationship change for rollback.
    var committedRelated: [String: [ModelReference]]? {
        get { rareState?.committedRelated }
        set { if newValue != nil || rareState != nil { rare.committedRelated = newValue } }
    }
    /// The relationships changed since the last save, by name.
    var changedRelationships: Set<String> {
        get { rareState?.changedRelationships ?? [] }
        set { if !newValue.isEmpty || rareState != nil { rare.changedRelationships = newValue } }
    }
    /// Identifies the object before its first save; drawn on first use, since objects read from the store
    /// (and the placeholder every `@Model` instance starts with) never need one.
    var temporaryID: UInt64 {
        if let drawn = rareState?.temporaryID { return drawn }
        let drawn = TemporaryIDs.next()
        rare.temporaryID = drawn
        return drawn
    }

    /// Creates empty storage for a new object, to give to a model's `init(backingData:)`. The caller may keep it
    /// after the object is freed, so it starts escaped (see `_escaping`).
    public init() {
        rare.isEscaped = true
    }

    /// Creates the storage of a model object made by its own initialiser.
    private init(forModel: Void) {}

    /// The storage a `@Model` object starts with (the macro's default for `_$backingData`): the storage read
    /// from the store that is being handed to `type`'s `init(backingData:)`, or new storage.
    public static func _forModel(_ type: AnyObject.Type) -> BackingData {
        BackingDataHandoff.take(for: type) ?? BackingData(forModel: ())
    }

    /// The storage a model's `init(backingData:)` keeps: `storage` itself. Storage the app gave (from
    /// `BackingData()`, or another object's `persistentBackingData`, as an app's "Duplicate" button does) is escaped
    /// (see `_escaping`): several objects may then read and write the same values.
    public static func _adopting(_ storage: BackingData) -> BackingData {
        if BackingDataHandoff.isHandingOver(storage) { return storage }
        return storage._escaping()
    }

    /// The storage as an app's code reads it (a `@Model` class's `persistentBackingData`): marked escaped, since the
    /// app may keep it after its object is freed or make another object over it. The context's registry refers to
    /// its objects uncounted and never reads a freed one: for escaped storage it hands out the object it last handed
    /// out while that lives, and a new object over the storage once it is gone.
    public func _escaping() -> BackingData {
        if rareState?.isEscaped != true { escape() }
        return self
    }

    /// Marks the storage escaped, and tells its context's registry when the row is registered there.
    private func escape() {
        rare.isEscaped = true
        guard let primaryKey, let mapping else { return }
        withContext { $0.escape(mapping, primaryKey: primaryKey, storage: self) }
    }

    /// True once the app's code may hold the storage apart from its object (see `_escaping`).
    var isEscaped: Bool { rareState?.isEscaped == true }

    deinit {
        guard let primaryKey, let entity = mapping.map(ObjectIdentifier.init) else { return }
        // The fields are released after this: a context the storage keeps lives through `forget`.
        withContext { $0.forget(entity, primaryKey: primaryKey, storage: ObjectIdentifier(self)) }
    }

    /// Calls `body` with the object's context, if any, without retaining it (W3 saved 440 instructions a row when
    /// objects referred to their context weakly, and each retain took the run time's slow path) unless the object
    /// refers to it weakly. `body` must not change what the storage keeps (`isKeptByContext`, `context`): the
    /// context could be freed under it.
    func withContext<Result>(_ body: (ModelContext) throws -> Result) rethrows -> Result? {
        if let kept = keptContext.map(Unmanaged.passUnretained) { return try kept._withUnsafeGuaranteedRef(body) }
        if isKeptByContext, let contextPointer { return try contextPointer._withUnsafeGuaranteedRef(body) }
        guard let context = rareState?.deletedFrom else { return nil }
        return try body(context)
    }

    /// Marks the object kept by `context` (inserted, changed or deleted there), which it then refers to unretained.
    func keep(by context: ModelContext) {
        contextPointer = .passUnretained(context)
        isKeptByContext = true
    }

    /// Forgets the context that keeps the object, as that context is freed (see `context`).
    func contextWasFreed() {
        contextPointer = nil
        isKeptByContext = false
    }

    init(mapping: EntityMapping, primaryKey: Int64, store: StoreName, values: [AttributeValue], context: ModelContext) {
        self.mapping = mapping
        self.primaryKey = primaryKey
        self.store = store
        self.values = values
        // Not kept by its context yet: it keeps the context (as `context`'s setter would).
        contextPointer = .passUnretained(context)
        keptContext = context
    }

    /// The positions of the attributes changed since the last save (their saved values are in the context's undo
    /// log): one word inline, the positions from 64 up in the rare state, so the storage fits 128 bytes.
    var changedAttributes: AttributeSet {
        get { AttributeSet(low: changedLowPositions, high: rareState?.changedHighPositions ?? []) }
        set {
            changedLowPositions = newValue.low
            if !newValue.high.isEmpty || rareState != nil { rare.changedHighPositions = newValue.high }
        }
    }

    /// True while there are unsaved changes.
    var hasChanges: Bool {
        changedLowPositions != 0
            || rareState.map { !$0.changedRelationships.isEmpty || !$0.changedHighPositions.isEmpty } ?? false
            || (primaryKey == nil && context != nil)
            || isDeleted
    }

    /// The identifier of the object (temporary until saved).
    func identifier(for type: any PersistentModel.Type) -> PersistentIdentifier {
        let name = mapping?.name ?? EntityMapping.entityName(of: type)
        guard let primaryKey else { return PersistentIdentifier(entityName: name, temporaryID: temporaryID) }
        return PersistentIdentifier(entityName: name, storeIdentifier: store?.identifier, primaryKey: primaryKey)
    }

    // MARK: - Accessors generated by @Model

    /// Records a value assigned in an initialiser or by a declared default (ignored by storage read from the
    /// store, which keeps the stored values when `init(backingData:)` runs the declared defaults).
    /// Inlined, so that a value of a common type is kept unboxed where its type is known (see `AttributeValue`).
    @inlinable
    public func setInitialValue<Value>(_ value: Value, forKey key: String) {
        guard _isUnsaved else { return }
        _setInitialValue(value, stored: AttributeValue.typed(value), forKey: key)
    }

    /// True while the object has no row (not saved, not read from the store): only then are initial values kept.
    @usableFromInline
    var _isUnsaved: Bool { primaryKey == nil }

    /// Records an initial value as given (for a relationship) and, when of a common type, as an attribute's storage.
    @usableFromInline
    func _setInitialValue(_ value: Any, stored: AttributeValue?, forKey key: String) {
        let rare = self.rare
        if let index = rare.initialValues.firstIndex(where: { $0.key == key }) {
            rare.initialValues[index] = (key, value, stored)
        } else {
            rare.initialValues.append((key, value, stored))
        }
    }

    // MARK: - Observation

    /// The object's own registrar, made on first use.
    func observationRegistrar() -> ObservationRegistrar {
        if !isObserved {
            registrar = ObservationRegistrar()
            isObserved = true
        }
        return registrar
    }

    /// Keeps the context alive, unless the context keeps the object or the object is deleted: then it refers to
    /// the context unretained while kept, weakly once deleted and not kept (see `context`).
    private func keepContextUnlessKept() {
        if !isKeptByContext && isDeleted {
            let context = contextPointer?.takeUnretainedValue()
            if context != nil || rareState != nil { rare.deletedFrom = context }
            contextPointer = nil
        } else if rareState?.deletedFrom != nil {
            rare.deletedFrom = nil
        }
        keptContext = isKeptByContext || isDeleted ? nil : contextPointer?.takeUnretainedValue()
    }

    /// Runs `change`, which may replace any of the object's values, telling the observers of every property
    /// (a fetch bringing back values).
    func replacingAll(of model: any PersistentModel, _ change: () throws -> Void) rethrows {
        let didReplace = willReplaceAll(of: model)
        defer { didReplace() }
        try change()
    }

    /// Tells the observers of every property that its value is about to be replaced; returns what tells them
    /// it was. Does nothing while nobody can observe the object.
    func willReplaceAll(of model: any PersistentModel) -> () -> Void {
        guard isObserved, let mapping else { return {} }
        let registrar = registrar
        let observations = mapping.attributes.map(\.observation) + mapping.relationships.map(\.observation)
        for observation in observations { observation.willSet(registrar, model) }
        return { for observation in observations { observation.didSet(registrar, model) } }
    }

    // MARK: - State

    /// Binds the object to its type's mapping and moves initial values into place; returns the mapping.
    @discardableResult
    func prepare(_ model: any PersistentModel) -> EntityMapping {
        // Objects read from the store, and new ones after their first use, are prepared already.
        if let mapping, rareState?.initialValues.isEmpty ?? true, values.count == mapping.attributes.count {
            return mapping
        }
        let mapping = self.mapping ?? StandaloneSchemas.mapping(for: type(of: model))
        self.mapping = mapping
        if values.count != mapping.attributes.count {
            values = Array(repeating: .unset, count: mapping.attributes.count)
            // `let` properties: the object holds the value its initialiser assigned.
            for position in mapping.constantPositions {
                values[position] =
                    model[keyPath: mapping.attributes[position].keyPath].map(AttributeValue.boxing) ?? .unset
            }
        }
        guard let rareState, !rareState.initialValues.isEmpty else { return mapping }
        let pending = rareState.initialValues
        rareState.initialValues = []
        for (key, value, stored) in pending {
            if let relationship = mapping.relationship(named: key) {
                related[key] = related[key] ?? []
                RelationshipGraph(context: context).set(model, relationship, to: relationship.objects(value))
            } else if let position = mapping.attributePositions[key] {
                values[position] = stored ?? .other(AnyValueBox(value))
            }
        }
        for relationship in mapping.relationships where related[relationship.name] == nil && primaryKey == nil {
            related[relationship.name] = []
        }
        return mapping
    }

    /// Writes an attribute (by position) of `model`. On its first change since the save, the context takes the
    /// value replaced (moved into its undo log, not copied), and the object's first change enters it in the
    /// context's changed set (later ones find it there).
    func replace(attribute position: Int, with value: AttributeValue, of model: some PersistentModel) {
        let first = !hasChanges
        let inserted =
            position < 64
            ? AttributeSet.insert(position, intoLow: &changedLowPositions) : changedAttributes.insert(position)
        guard inserted, primaryKey != nil, let context else {
            values[position] = value
            return
        }
        context.replace(self, attribute: position, with: value, firstChangeOf: first ? model : nil)
    }

    /// Notes that a relationship is about to change: keeps the saved state for rollback.
    func willChange(relationship name: String) {
        if committedRelated == nil, primaryKey != nil { committedRelated = related }
        rare.changedRelationships.insert(name)
    }

    /// Forgets the changes: restores the saved relationships (the context's undo log restores the attributes).
    func revert() {
        if let committedRelated { related = committedRelated }
        committedRelated = nil
        changedAttributes = AttributeSet()
        changedRelationships = []
        isDeleted = false
    }

    /// Marks the current values as saved.
    func didSave(primaryKey: Int64, store: StoreName) {
        self.primaryKey = primaryKey
        self.store = store
        didSaveChanges()
    }

    /// Marks the current values of a saved object as saved.
    func didSaveChanges() {
        if committedRelated != nil { committedRelated = nil }
        if !changedAttributes.isEmpty { changedAttributes = AttributeSet() }
        if !changedRelationships.isEmpty { changedRelationships = [] }
    }
}
