import Foundation
import Strata
import StrataAppleStores
import StrataText

/// What `strata rows` reports, shape `strata.rows/1`: `{"format", "store", "entity", "columns": [String],
/// "rows": [{column: value}], "total", "limit", "offset"}`; values are JSON numbers, booleans, null or strings
/// (dates ISO 8601, UUIDs, blobs as `<blob N bytes …>`). For a SwiftData or Core Data store the columns are `Z_PK`,
/// `entity` (when the entity has subentities), the attributes and the relationships, whose values are references
/// as text (`Item#3`, `[Component#1, Component#4]`); decimals and URLs are strings; `notes` (present when there is
/// something to say) lists values whose column is uncertain and rows of entities the model does not know. A
/// composite attribute (a SwiftData Codable struct) is one column whose value is a JSON object of its fields, as
/// Codable encodes them (a SwiftData enum is its raw value).
struct RowsReport: Encodable {
    let format = "strata.rows/1"
    /// The store's path.
    let store: String
    /// The entity.
    let entity: String
    /// `_pk`, the attributes, then the to-one foreign keys, in order.
    let columns: [String]
    /// The page's rows, each keyed by column.
    let rows: [[String: StoredJSON]]
    /// Rows matching the filters, all pages together.
    let total: Int
    /// The page size asked for.
    let limit: Int
    /// Rows skipped.
    let offset: Int
    /// What the reader must know about these rows (Apple stores; absent when nothing).
    var notes: [String]?
    /// The page's values in column order, for the text table.
    private let cells: [[String]]

    private enum CodingKeys: String, CodingKey {
        case format, store, entity, columns, rows, total, limit, offset, notes
    }

    /// Reads a page of `entity`'s rows from a store of either kind, opened once and detected then; checks the entity
    /// and filter columns first (usage errors, exit 2).
    init(store url: URL, entity: String, limit: Int, offset: Int, filters: [RowFilter]) throws {
        if case .apple(let apple) = try StoreArgument.open(url) {
            try self.init(appleStore: apple, entity: entity, limit: limit, offset: offset, filters: filters)
        } else {
            try self.init(strataStore: url, entity: entity, limit: limit, offset: offset, filters: filters)
        }
    }

    /// Reads a page of `entity`'s rows from a SwiftData or Core Data store; an unknown entity or an impossible
    /// filter is a usage error.
    init(appleStore apple: AppleStore, entity: String, limit: Int, offset: Int, filters: [RowFilter] = []) throws {
        guard apple.entityNames.contains(entity) else {
            throw CommandFailure.usage(
                StrataError.unknownEntity(store: apple.url.path, entity: entity, entities: apple.entityNames)
                    .description)
        }
        let page: AppleRowPage
        do {
            page = try apple.rows(of: entity, limit: limit, offset: offset, filters: filters)
        } catch let error as AppleStoreError {
            guard case .invalidFilter = error else { throw error }
            throw CommandFailure.usage(error.description)
        }
        store = apple.url.path
        self.entity = entity
        columns = page.columns
        rows = page.rows.map { values in
            Dictionary(
                zip(page.columns, values.map(StoredJSON.init)), uniquingKeysWith: { first, _ in first })
        }
        cells = page.rows.map { $0.map(\.description) }
        notes = page.notes.isEmpty ? nil : page.notes
        total = page.total
        self.limit = limit
        self.offset = offset
    }

    /// Reads a page of `entity`'s rows from a Strata store.
    private init(strataStore url: URL, entity: String, limit: Int, offset: Int, filters: [RowFilter]) throws {
        let page: RowPage
        do {
            page = try StoreInspector(url: url).rows(entity: entity, limit: limit, offset: offset, filters: filters)
        } catch let error as RowFilterError {
            throw CommandFailure.usage(error.description)
        } catch let error as StrataError {
            guard case .unknownEntity = error else { throw error }
            throw CommandFailure.usage(error.description)
        }
        store = url.path
        self.entity = entity
        columns = page.columns
        rows = page.rows.map { values in
            Dictionary(zip(page.columns, values.map(StoredJSON.init)), uniquingKeysWith: { first, _ in first })
        }
        cells = page.rows.map { $0.map(\.description) }
        total = page.total
        self.limit = limit
        self.offset = offset
    }

    /// The page as a table with a line saying which rows it shows.
    func textLines(style: TextStyle) -> [String] {
        let shown = cells.isEmpty ? "no rows" : "rows \(offset + 1)-\(offset + cells.count)"
        // An entity without rows has nothing to count through ("Book: no rows", not "no rows of 0").
        let heading =
            "\(TerminalText.sanitize(entity)): " + (total == 0 && cells.isEmpty ? "no rows" : "\(shown) of \(total)")
        let noted = (notes ?? []).map { "Note: " + TerminalText.sanitize($0) }
        guard !cells.isEmpty else { return [heading] + noted }
        return TextTable(header: columns, rows: cells).lines(style: style) + [
            style.dim(heading)
        ] + noted
    }
}
