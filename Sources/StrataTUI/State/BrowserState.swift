import Strata

/// The Browser pane: the entities of the store being shown with their row counts, and the open rows page.
public struct BrowserState: Sendable, Equatable {
    /// Which file the browser shows: "store" or "private copy".
    public var source = "store"
    /// The version of what it shows.
    public var version = ""
    /// Entities and their row counts.
    public var entities: [EntityCount] = []
    /// The page of rows open in the large pane, if any.
    public var page: RowsPage?

    /// Creates an empty browser.
    public init() {}
}

/// An entity with its row count.
public struct EntityCount: Sendable, Equatable {
    public var name: String
    public var rows: Int

    /// Creates an entity count.
    public init(name: String, rows: Int) {
        self.name = name
        self.rows = rows
    }
}

/// A page of an entity's rows, as display text.
public struct RowsPage: Sendable, Equatable {
    /// The entity.
    public var entity: String
    /// Column headers.
    public var columns: [String] = []
    /// Cell texts as stored (the frame shows control characters as escapes, and measures them as it shows them).
    public var rows: [[String]] = []
    /// The first row's offset.
    public var offset = 0
    /// Rows matching the filter, all pages together.
    public var total = 0
    /// The conditions the rows match (`author="Jane Austen"`, `year>1800`, `title~pride`).
    public var filter: [RowFilter] = []
    /// The first column shown (h/l scroll).
    public var columnOffset = 0
    /// The selected row within the page.
    public var selected = 0
    /// True while a page is being read.
    public var loading = true
    /// What the reader must know about the rows of a SwiftData / Core Data store (a column that could not be
    /// determined, rows of unknown entities); shown under the rows and in a row in full.
    public var notes: [String] = []
    /// The rows as changes since the store's version (`c`), when shown so; `rows` then stays empty.
    public var changes: RowChangesView?

    /// Creates an empty page that is loading.
    public init(entity: String, offset: Int = 0, filter: [RowFilter] = []) {
        self.entity = entity
        self.offset = offset
        self.filter = filter
    }
}
