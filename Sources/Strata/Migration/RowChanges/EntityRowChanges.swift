/// What a stage (or every stage run so far) did to one entity's rows, matched by primary key, and deleted rows
/// paired with inserted ones by a unique attribute where the entity has one.
public struct EntityRowChanges: Sendable, Equatable {
    /// The entity (its name in the later version; the earlier one's when the entity was removed).
    public let entity: String
    /// The entity's earlier name, when the stages renamed it (its rows are paired with the earlier entity's).
    public let renamedFrom: String?
    /// Rows only in the later version (not paired with a deleted row).
    public let inserted: Int
    /// Rows only in the earlier version (not paired with an inserted row).
    public let deleted: Int
    /// Rows in both versions whose stored values differ (a removed property with a value, an added one with a value
    /// and a kept one whose value differs all count).
    public let changed: Int
    /// Rows in both versions with the same values.
    public let unchanged: Int
    /// Of `changed` and `unchanged`, the rows deleted and inserted again, paired by `pairedBy`.
    public let reinserted: Int
    /// The unique attribute deleted and inserted rows were paired by (its later name); nil when there is none.
    public let pairedBy: String?
    /// Per property of either version, how many kept rows it changed, dropped or filled (properties with none left
    /// out).
    public let properties: [PropertyRowChanges]
    /// Up to the recorder's limit of changed, inserted and deleted rows, in key order within each kind.
    public let samples: [RowChangeSample]

    /// Rows the later version holds.
    public var rowsAfter: Int { inserted + changed + unchanged }
}

/// How many kept rows one property changed, dropped (the property was removed) or filled (it was added).
public struct PropertyRowChanges: Sendable, Equatable {
    /// What happened to the property's values.
    public enum Kind: String, Sendable {
        /// A property of both versions whose value differs.
        case changed
        /// A property only the earlier version has: its values are gone.
        case dropped
        /// A property only the later version has: the count of rows given a value (a default or code).
        case filled
    }

    /// The property: its later name, or its earlier one when dropped.
    public let property: String
    /// Its earlier name, when it was renamed.
    public let renamedFrom: String?
    /// Changed, dropped or filled.
    public let kind: Kind
    /// The rows with a value changed, dropped or filled.
    public let rows: Int
}

/// What happened to one row.
public enum RowChangeKind: String, Sendable, CaseIterable {
    case inserted
    case deleted
    case changed
    case unchanged
}

/// One row before and after: every stored property of each version with its value (NULL included).
public struct RowChangeSample: Sendable, Equatable {
    /// Inserted, deleted, changed or unchanged.
    public let kind: RowChangeKind
    /// The row's key: its later key, or its earlier one when deleted.
    public let key: Int64
    /// Its earlier key when the row was deleted and inserted again under a new key.
    public let keyBefore: Int64?
    /// The stored properties of the earlier version (nil for an inserted row).
    public let before: RowValues?
    /// The stored properties of the later version (nil for a deleted row).
    public let after: RowValues?
    /// The later names of the properties whose values changed, were filled or (earlier names) were dropped.
    public let changedProperties: [String]
}

/// A row's stored properties (attributes, then to-one relationships as keys) with their values, in schema order.
public struct RowValues: Sendable, Equatable {
    /// Property names.
    public let names: [String]
    /// Values, one per name.
    public let values: [StoredValue]

    /// The value of `name`, nil when the version has no such property.
    public subscript(name: String) -> StoredValue? {
        names.firstIndex(of: name).map { values[$0] }
    }
}

/// A stored property across two versions: its later name and its earlier one (nil on the side that lacks it).
public struct PropertyLineage: Sendable, Equatable {
    /// The later version's name; nil for a dropped property.
    public let after: String?
    /// The earlier version's name; nil for a filled (added) property.
    public let before: String?
}
