import Strata

/// A page of an entity's rows as the dry run recorded them since the store's version, as the recorder answers it:
/// the session reads it, the rows view formats it (``RowsPage/init(recorded:)``).
package struct RecordedChanges: Sendable, Equatable {
    /// The entity.
    package var entity: String
    /// The kind of rows asked for; nil for all of them.
    package var kind: RowChangeKind?
    /// The first row's offset.
    package var offset: Int
    /// The version the changes are counted from.
    package var since: String
    /// The entity's counts since that version.
    package var counts: EntityRowChanges
    /// The stored properties across the two versions, in the recorder's order.
    package var properties: [PropertyLineage]
    /// The page's rows before and after.
    package var samples: [RowChangeSample]

    /// Creates a page of recorded changes.
    package init(
        entity: String, kind: RowChangeKind?, offset: Int, since: String, counts: EntityRowChanges,
        properties: [PropertyLineage], samples: [RowChangeSample]
    ) {
        self.entity = entity
        self.kind = kind
        self.offset = offset
        self.since = since
        self.counts = counts
        self.properties = properties
        self.samples = samples
    }
}

extension RowsPage {
    /// The rows view of recorded changes: the key, then the changed columns, the renamed ones and the rest
    /// (``RowChangesView/ordered(_:changes:)``), each header naming a rename or a drop; the cells' text is drawn with
    /// the terminal's arrow when the page arrives (`Reducer`'s `.rowsLoaded`).
    package init(recorded: RecordedChanges) {
        self.init(entity: recorded.entity, offset: recorded.offset)
        let counts = recorded.counts
        let properties = RowChangesView.ordered(recorded.properties, changes: counts.properties)
        var view = RowChangesView(kind: recorded.kind, since: recorded.since)
        view.counts = RowChangeCounts(
            inserted: counts.inserted, deleted: counts.deleted, changed: counts.changed, unchanged: counts.unchanged)
        view.rows = recorded.samples.map { sample in
            ChangedRow(
                kind: sample.kind, key: sample.keyBefore.map { "\(sample.key) (was \($0))" } ?? "\(sample.key)",
                cells: properties.map { ChangedCell(sample, property: $0) })
        }
        changes = view
        columns = ["_pk"] + properties.map(Self.header)
        total = recorded.kind.map(view.counts.rows(of:)) ?? counts.rowsAfter + counts.deleted
    }

    /// A column's header: its later name, "title (was name)" for a rename, "isbn (dropped)" for a dropped property.
    private static func header(_ property: PropertyLineage) -> String {
        switch (property.after, property.before) {
        case (let after?, let before?) where after != before: "\(after) (was \(before))"
        case (let after?, _): after
        case (nil, let before?): "\(before) (dropped)"
        case (nil, nil): ""
        }
    }
}

extension ChangedCell {
    /// A property's cell in a recorded row: its values before and after, changed when the recorder says so (under
    /// the later name, or the earlier one for a dropped property).
    init(_ sample: RowChangeSample, property: PropertyLineage) {
        let before = property.before.flatMap { sample.before?[$0] }
        let after = property.after.flatMap { sample.after?[$0] }
        let changed =
            property.after.map { sample.changedProperties.contains($0) } ?? false
            || property.before.map { property.after == nil && sample.changedProperties.contains($0) } ?? false
        self.init(before: before?.description, after: after?.description, changed: changed)
    }
}
