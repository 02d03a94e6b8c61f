import Strata

/// The rows view showing an entity's rows as changes since the store's version (`c` after a dry-run stage ran):
/// each row's values before and after, filtered by kind (`f`).
package struct RowChangesView: Sendable, Equatable {
    /// The kind of rows shown; nil for all of them.
    package var kind: RowChangeKind?
    /// The store's version the changes are counted from.
    package var since: String
    /// The entity's counts since that version, every kind.
    package var counts: RowChangeCounts = RowChangeCounts()
    /// The page's rows.
    package var rows: [ChangedRow] = []

    /// Changes since `since`, of `kind` (all when nil).
    package init(kind: RowChangeKind? = nil, since: String) {
        self.kind = kind
        self.since = since
    }

    /// The filter after `kind`: all, changed, inserted, deleted, then all again.
    package var nextKind: RowChangeKind? {
        switch kind {
        case nil: .changed
        case .changed: .inserted
        case .inserted: .deleted
        case .deleted, .unchanged: nil
        }
    }

    /// "all", "changed", "inserted" or "deleted".
    package var kindLabel: String { kind?.rawValue ?? "all" }

    /// The columns in the order the view shows them after the key: properties whose values changed (changed,
    /// dropped or filled in some row, as `changes` counts them), then renamed ones, then the rest, each group in
    /// the recorder's order; so that at 80 columns what changed is on screen.
    package static func ordered(_ properties: [PropertyLineage], changes: [PropertyRowChanges]) -> [PropertyLineage] {
        let touched = Set(changes.filter { $0.rows > 0 }.map(\.property))
        func rank(_ property: PropertyLineage) -> Int {
            if touched.contains(property.after ?? property.before ?? "") { return 0 }
            if let after = property.after, let before = property.before, after != before { return 1 }
            return 2
        }
        return properties.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element)
    }
}

/// An entity's rows inserted, deleted, changed and unchanged.
package struct RowChangeCounts: Sendable, Equatable {
    package var inserted = 0
    package var deleted = 0
    package var changed = 0
    package var unchanged = 0

    /// Creates counts.
    package init(inserted: Int = 0, deleted: Int = 0, changed: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.deleted = deleted
        self.changed = changed
        self.unchanged = unchanged
    }

    /// The rows of `kind` (every row of either version when nil).
    package func rows(of kind: RowChangeKind?) -> Int {
        switch kind {
        case nil: inserted + deleted + changed + unchanged
        case .inserted: inserted
        case .deleted: deleted
        case .changed: changed
        case .unchanged: unchanged
        }
    }

    /// "3,000 changed · 2 inserted · 1 deleted · 10 unchanged".
    package var summary: String {
        "\(Formatting.count(changed)) changed · \(Formatting.count(inserted)) inserted · \(Formatting.count(deleted)) deleted · \(Formatting.count(unchanged)) unchanged"
    }
}

/// One row of the changes view: its kind, key and one cell per column.
package struct ChangedRow: Sendable, Equatable {
    /// Inserted, deleted, changed or unchanged.
    package var kind: RowChangeKind
    /// "12", or "12 (was 3)" for a row inserted again under a new key.
    package var key: String
    /// One per column of the page after the key.
    package var cells: [ChangedCell]

    /// Creates a row.
    package init(kind: RowChangeKind, key: String, cells: [ChangedCell]) {
        self.kind = kind
        self.key = key
        self.cells = cells
    }
}

/// A property's value before and after (nil where that version has no such row or property).
package struct ChangedCell: Sendable, Equatable {
    package var before: String?
    package var after: String?
    /// True when the value differs.
    package var changed: Bool

    /// Creates a cell.
    package init(before: String?, after: String?, changed: Bool) {
        self.before = before
        self.after = after
        self.changed = changed
    }

    /// "old → new" for a changed value (– for none), else the value.
    package func text(arrow: String) -> String {
        changed ? "\(before ?? "–") \(arrow) \(after ?? "–")" : after ?? before ?? ""
    }
}
