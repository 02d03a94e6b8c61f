import Strata

/// The Browser pane: the entities of the store being shown with their row counts, and the open rows page.
package struct BrowserState: Sendable, Equatable {
    /// Which file the browser shows: "store" or "private copy".
    package var source = "store"
    /// The version of what it shows.
    package var version = ""
    /// Entities and their row counts.
    package var entities: [EntityCount] = []
    /// The page of rows open in the large pane, if any.
    package var page: RowsPage?

    /// Creates an empty browser.
    package init() {}
}

/// An entity with its row count.
package struct EntityCount: Sendable, Equatable {
    package var name: String
    package var rows: Int

    /// Creates an entity count.
    package init(name: String, rows: Int) {
        self.name = name
        self.rows = rows
    }
}

/// A page of an entity's rows, as display text.
package struct RowsPage: Sendable, Equatable {
    /// The entity.
    package var entity: String
    /// Column headers.
    package var columns: [String] = []
    /// Cell texts as stored (the frame shows control characters as escapes, and measures them as it shows them).
    package var rows: [[String]] = []
    /// The first row's offset.
    package var offset = 0
    /// Rows matching the filter, all pages together.
    package var total = 0
    /// The conditions the rows match (`author="Jane Austen"`, `year>1800`, `title~pride`).
    package var filter: [RowFilter] = []
    /// The first column shown (h/l scroll).
    package var columnOffset = 0
    /// The selected row within the page.
    package var selected = 0
    /// True while a page is being read.
    package var loading = true
    /// What the reader must know about the rows of a SwiftData / Core Data store (a column that could not be
    /// determined, rows of unknown entities); shown under the rows and in a row in full.
    package var notes: [String] = []
    /// The rows as changes since the store's version (`c`), when shown so; `rows` then stays empty.
    package var changes: RowChangesView?

    /// Creates an empty page that is loading.
    package init(entity: String, offset: Int = 0, filter: [RowFilter] = []) {
        self.entity = entity
        self.offset = offset
        self.filter = filter
    }
}
