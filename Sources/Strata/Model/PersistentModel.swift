import Observation

/// A class whose instances are stored: what `@Model` makes of a class. Models are `Observable`: reading a
/// persisted property registers access, setting it notifies that property's observers.
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable {
    /// The storage of the object's values and its place in a context.
    var persistentBackingData: BackingData { get }
    /// The storage as Strata reads it: `@Model` generates it, and its `persistentBackingData` marks the storage as
    /// held by the app (see `BackingData._escaping`), which Strata's own reads must not do.
    var _strataBackingData: BackingData { get }
    /// Creates an object over existing backing data; used when fetching.
    init(backingData: BackingData)
    /// What `@Model` recorded of the stored properties.
    static var schemaMetadata: [PropertyMetadata] { get }
    /// The property groups of the class's `#Unique` declarations.
    static var schemaUniqueness: [[String]] { get }
    /// The property groups of the class's `#Index` declarations.
    static var schemaIndexes: [[String]] { get }
}

extension PersistentModel {
    /// The storage of a class conforming by hand: its `persistentBackingData`.
    public var _strataBackingData: BackingData { persistentBackingData }
    /// No `#Unique` groups, for a class that declares none.
    public static var schemaUniqueness: [[String]] { [] }
    /// No `#Index` groups, for a class that declares none.
    public static var schemaIndexes: [[String]] { [] }
    /// The object's identity in its store; temporary until the object is first saved.
    public var persistentModelID: PersistentIdentifier { _strataBackingData.identifier(for: Self.self) }
    /// The context the object was inserted into or fetched from.
    public var modelContext: ModelContext? { _strataBackingData.context }
    /// True once the object was deleted from its context.
    public var isDeleted: Bool { _strataBackingData.isDeleted }
    /// True while the object has changes its context has not saved.
    public var hasChanges: Bool { _strataBackingData.hasChanges }
    /// The persistent identifier (a model that declares its own `id` keeps it).
    public var id: PersistentIdentifier { persistentModelID }

    /// Models are equal when they are the same object.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }
    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
