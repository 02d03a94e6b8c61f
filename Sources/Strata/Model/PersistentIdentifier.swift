/// Identifies a model object: its entity and primary key in a store, or a temporary identity before saving.
public struct PersistentIdentifier: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The entity name.
    public let entityName: String
    /// The store's identifier (its file path, or `memory:NAME`).
    public let storeIdentifier: String?
    /// The row's primary key, or nil for an object not saved yet.
    public let primaryKey: Int64?
    /// Distinguishes objects not saved yet.
    let temporaryID: UInt64?

    init(entityName: String, storeIdentifier: String?, primaryKey: Int64) {
        self.entityName = entityName
        self.storeIdentifier = storeIdentifier
        self.primaryKey = primaryKey
        self.temporaryID = nil
    }

    init(entityName: String, temporaryID: UInt64) {
        self.entityName = entityName
        self.storeIdentifier = nil
        self.primaryKey = nil
        self.temporaryID = temporaryID
    }

    /// True before the object's first save.
    public var isTemporary: Bool { primaryKey == nil }

    /// "Book/42", or "Book/t7" while temporary.
    public var description: String {
        primaryKey.map { "\(entityName)/\($0)" } ?? "\(entityName)/t\(temporaryID ?? 0)"
    }

    /// Orders by entity, then key.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.entityName, lhs.primaryKey ?? -1, lhs.temporaryID ?? 0) < (
            rhs.entityName, rhs.primaryKey ?? -1, rhs.temporaryID ?? 0
        )
    }
}
