import Foundation

/// One `app` workload: the store it starts from, Strata's code, the contenders' code, and its target against
/// GRDB's Codable records (the first contender).
struct AppWorkload {
    /// The store a workload starts from (a fresh copy per run).
    enum Source { case empty, items, families }

    let name: String
    let source: Source
    let strata: (URL) throws -> Int
    /// The contenders by name, GRDB Codable first; a contender that ran a child process returns its peak memory.
    let contenders: [(name: String, run: (URL) throws -> Int?)]
    /// The most Strata may take, as a multiple of the first contender's time.
    let limit: Double

    /// A1 to A5 at `rows` rows. (A6, a `@ModelActor` writer beside a fetching main context, joins this list once
    /// `ModelActor` exists: it measures two threads, so it reports throughput beside its time.)
    static func all(rows: Int) -> [AppWorkload] {
        func sqlite(_ script: String) -> (name: String, run: (URL) throws -> Int?) {
            ("sqlite3", { url in try Baselines.runSQLite(script, on: url) })
        }
        func swift(_ name: String, _ body: @escaping (URL) throws -> Int) -> (name: String, run: (URL) throws -> Int?) {
            (
                name,
                { url in
                    _ = try body(url)
                    return nil
                }
            )
        }
        return [
            AppWorkload(
                name: "A1 insert, save every 10,000", source: .empty,
                strata: { try StrataContender.insert($0, rows: rows) },
                contenders: [
                    swift("GRDB Codable") { try CodableContender.insert($0, rows: rows) },
                    swift("GRDB raw") { try RawContender.insert($0, rows: rows) },
                    sqlite(SQLiteScripts.insert(rows: rows)),
                ], limit: 1.5),
            AppWorkload(
                name: "A2 fetch predicate, sort, limit 100", source: .items, strata: StrataContender.query,
                contenders: [
                    swift("GRDB Codable", CodableContender.query), swift("GRDB raw", RawContender.query),
                    sqlite(SQLiteScripts.query),
                ], limit: 1.5),
            AppWorkload(
                name: "A2 fetch all", source: .items, strata: StrataContender.fetchAll,
                contenders: [
                    swift("GRDB Codable", CodableContender.fetchAll), swift("GRDB raw", RawContender.fetchAll),
                    sqlite(SQLiteScripts.fetchAll),
                ], limit: 1.5),
            AppWorkload(
                name: "A3 enumerate, update, save every 5,000", source: .items, strata: StrataContender.update,
                contenders: [
                    swift("GRDB Codable", CodableContender.update), swift("GRDB raw", RawContender.update),
                    sqlite(SQLiteScripts.update),
                ], limit: 1.5),
            AppWorkload(
                name: "A4 delete(model:where:) half", source: .items,
                strata: { try StrataContender.deleteWhere($0, rows: rows) },
                contenders: [
                    swift("GRDB Codable") { try CodableContender.deleteWhere($0, rows: rows) },
                    swift("GRDB raw") { try RawContender.deleteWhere($0, rows: rows) },
                    sqlite(SQLiteScripts.deleteWhere(rows: rows)),
                ], limit: 1.5),
            AppWorkload(
                name: "A4 delete fetched half one by one", source: .items,
                strata: { try StrataContender.deleteEach($0, rows: rows) },
                contenders: [
                    swift("GRDB Codable") { try CodableContender.deleteEach($0, rows: rows) },
                    swift("GRDB raw") { try RawContender.deleteEach($0, rows: rows) },
                ], limit: 1.5),
            AppWorkload(
                name: "A5 parents and children, prefetched", source: .families,
                strata: { try StrataContender.relationships($0, prefetch: true) },
                contenders: [
                    swift("GRDB Codable", CodableContender.relationships),
                    swift("GRDB raw", RawContender.relationships),
                ], limit: 2),
            AppWorkload(
                name: "A5 parents and children, faulted", source: .families,
                strata: { try StrataContender.relationships($0, prefetch: false) },
                contenders: [
                    swift("GRDB Codable", CodableContender.relationships),
                    swift("GRDB raw", RawContender.relationships),
                ], limit: 2),
        ]
    }

    /// The workload's name up to its first space ("A1"), as `--only` selects it.
    var code: String { String(name.prefix { $0 != " " }) }
}
