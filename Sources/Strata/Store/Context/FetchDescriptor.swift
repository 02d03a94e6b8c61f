import Foundation

// Safe: a value whose key paths and predicate are immutable once made (Swift does not mark key paths Sendable).
/// What to fetch: a predicate, a sort order, and a page (`fetchOffset`, `fetchLimit`).
public struct FetchDescriptor<T: PersistentModel>: @unchecked Sendable {
    /// Which models to fetch; all when nil.
    public var predicate: Predicate<T>?
    /// The order of the results; by primary key when empty.
    public var sortBy: [SortDescriptor<T>]
    /// The most results to return; nil or 0 return them all (SwiftData hands the limit to Core Data, whose
    /// `fetchLimit` 0 means no limit).
    public var fetchLimit: Int?
    /// How many results to skip.
    public var fetchOffset: Int?
    /// Whether unsaved inserts, changes and deletes of the context count (they do by default).
    public var includePendingChanges: Bool = true
    /// Accepted for source compatibility; Strata always loads attributes with the row.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// To-many relationships loaded with the fetch, one query per 1,000 fetched objects; the others load when
    /// first read, for the 1,000 objects fetched around the one read (never one query per object).
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    /// Creates a descriptor.
    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}

extension FetchDescriptor {
    /// The limit a fetch applies: nil when `fetchLimit` is nil, 0 or negative (Core Data's `fetchLimit` is an
    /// unsigned count where 0 means no limit; a negative Int becomes a count beyond any store).
    var appliedLimit: Int? {
        guard let fetchLimit, fetchLimit > 0 else { return nil }
        return fetchLimit
    }
}
