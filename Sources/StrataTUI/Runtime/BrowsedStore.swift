import Foundation
import Strata
import StrataAppleStores

/// The store the row browser and the data counts read: a SwiftData or Core Data store (read-only, its own rows), or a
/// Strata store (the private copy in a dry run, else the store itself). The session asks it for values; views format
/// them.
enum BrowsedStore {
    /// A SwiftData or Core Data store, read through the private copy it was opened with.
    case apple(AppleStore)
    /// A Strata store read without model types, and what the browser calls it ("private copy", "store").
    case strata(StoreInspector, label: String)

    /// What the browser's title calls the source of its rows.
    var label: String {
        switch self {
        case .apple: "read-only"
        case .strata(_, let label): label
        }
    }

    /// The version the browser shows (a Strata store's recorded one as `plan` names it, an Apple store's own
    /// model's) and each entity with its row count; `migrator`, the one working on the Strata store, counts through its
    /// own connection instead of opening the file again.
    func summary(in plan: ValidatedPlan?, countedBy migrator: Migrator? = nil) throws -> (
        version: String, entities: [EntityCount]
    ) {
        switch self {
        case .apple(let store):
            return (
                AppleStoreOpening.storeLabel(store),
                try store.rowCounts().map { EntityCount(name: $0.entity, rows: $0.rows) }
            )
        case .strata(let inspector, _):
            let census = try migrator.map { try $0.census() } ?? inspector.census()
            return (
                (plan?.named(census.version) ?? census.version).label,
                census.rows.map { EntityCount(name: $0.entity, rows: $0.rows) }
            )
        }
    }

    /// A page of an entity's rows: its columns, each row's values as text, the total matching the filter, and notes on
    /// how the values were read (an Apple store's uncertain columns).
    func rows(of entity: String, offset: Int, limit: Int, filter: [RowFilter]) throws -> (
        columns: [String], rows: [[String]], total: Int, notes: [String]
    ) {
        switch self {
        case .apple(let store):
            let page = try store.rows(of: entity, limit: limit, offset: offset, filters: filter)
            return (page.columns, page.rows.map { $0.map(\.description) }, page.total, page.notes)
        case .strata(let inspector, _):
            let page = try inspector.rows(entity: entity, limit: limit, offset: offset, filters: filter)
            return (page.columns, page.rows.map { $0.map(\.description) }, page.total, [])
        }
    }
}
