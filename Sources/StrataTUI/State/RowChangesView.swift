import Strata

/// The rows view showing an entity's rows as changes since the store's version (`c` after a dry-run stage ran):
/// each row's values before and after, filtered by kind (`f`).
public struct RowChangesView: Sendable, Equatable {
    /// The kind of rows shown; nil for all of them.
    public var kind: RowChangeKind?
    /// The store's version the changes are counted from.
    public var since: String
    /// The entity's counts since that version, every kind.
    public var counts: RowChangeCounts = RowChangeCounts()
    /// The page's rows.
    public var rows: [ChangedRow] = []

    /// Changes since `since`, of `kind` (all when nil).
    public init(kind: RowChangeKind? = nil, since: String) {
        self.kind = kind
        self.since = since
    }

    /// The filter after `kind`: all, changed, inserted, deleted, then all again.
    public var nextKind: RowChangeKind? {
        switch kind {
        case nil: .changed
        case .changed: .inserted
        case .inserted: .deleted
        case .deleted, .unchanged: nil
        }
    }

    /// "all", "changed", "inserted" or "deleted".
    public var kindLabel: String { kind?.rawValue ?? "all" }
}

/// An entity's rows inserted, deleted, changed and unchanged.
public struct RowChangeCounts: Sendable, Equatable {
    public var inserted = 0
    public var deleted = 0
    public var changed = 0
    public var unchanged = 0

    /// Creates counts.
    public init(inserted: Int = 0, deleted: Int = 0, changed: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.deleted = deleted
        self.changed = changed
        self.unchanged = unchanged
    }

    /// The rows of `kind` (every row of either version when nil).
    public func rows(of kind: RowChangeKind?) -> Int {
        switch kind {
        case nil: inserted + deleted + changed + unchanged
        case .inserted: inserted
        case .deleted: deleted
        case .changed: changed
        case .unchanged: unchanged
        }
    }

    /// "3,000 changed · 2 inserted · 1 deleted · 10 unchanged".
    public var summary: String {
        "\(Formatting.count(changed)) changed · \(Formatting.count(inserted)) inserted · \(Formatting.count(deleted)) deleted · \(Formatting.count(unchanged)) unchanged"
    }
}

/// One row of the changes view: its kind, key and one cell per column.
public struct ChangedRow: Sendable, Equatable {
    /// Inserted, deleted, changed or unchanged.
    public var kind: RowChangeKind
    /// "12", or "12 (was 3)" for a row inserted again under a new key.
    public var key: String
    /// One per column of the page after the key.
    public var cells: [ChangedCell]

    /// Creates a row.
    public init(kind: RowChangeKind, key: String, cells: [ChangedCell]) {
        self.kind = kind
        self.key = key
        self.cells = cells
    }
}

/// A property's value before and after (nil where that version has no such row or property).
public struct ChangedCell: Sendable, Equatable {
    public var before: String?
    public var after: String?
    /// True when the value differs.
    public var changed: Bool

    /// Creates a cell.
    public init(before: String?, after: String?, changed: Bool) {
        self.before = before
        self.after = after
        self.changed = changed
    }

    /// "old → new" for a changed value (– for none), else the value.
    public func text(arrow: String) -> String {
        changed ? "\(before ?? "–") \(arrow) \(after ?? "–")" : after ?? before ?? ""
    }
}
