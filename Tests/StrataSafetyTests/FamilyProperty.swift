import Foundation
import GRDB
import Strata

/// One row of 1.0.0's `Item`, as generated.
struct FamilyRow: Sendable, Equatable, CustomStringConvertible {
    var name: String
    var count: Int
    var score: Double
    var label: String?
    var payload: Data?

    var description: String {
        "(\(name.debugDescription), \(count), \(score), \(label.debugDescription), \(payload.map { [UInt8]($0) }.debugDescription))"
    }
}

/// The property the family's tests check: migrating rows along a path keeps every value of every kept attribute
/// (renamed ones included), gives new attributes their empty or default value, fails exactly when 4.0.0's unique
/// `label` meets duplicates, and matches what the dry run predicted.
enum FamilyProperty {
    /// Every increasing path from 1.0.0 with at least one stage.
    static let paths: [[Int]] = [[0, 1], [0, 2], [0, 3], [0, 1, 2], [0, 1, 3], [0, 2, 3], [0, 1, 2, 3]]

    /// The problems found for `rows` migrated along `path`; empty when the property holds.
    static func problems(rows: [FamilyRow], path: [Int]) throws -> [String] {
        let work = TemporaryDirectory()
        let store = work.store()
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: Family.P1.self), configurations: ModelConfiguration(url: store))
            let context = ModelContext(container)
            for row in rows {
                context.insert(
                    Family.P1.Item(
                        name: row.name, count: row.count, score: row.score, label: row.label, payload: row.payload))
            }
            try context.save()
        }
        FamilyPlan.path = path
        var problems: [String] = []
        let dry = try Migrator.dryRun(store: store, plan: FamilyPlan.self)

        var titles: [String] = []
        var counted: [Int] = []
        var failure: String?
        do {
            let migrator = try Migrator(store: store, plan: FamilyPlan.self)
            while let stage = migrator.nextStage {
                titles.append(stage.title)
                do {
                    counted.append(try migrator.runNextStage()?.rows ?? 0)
                } catch {
                    failure = "\(error)"
                    break
                }
            }
        }
        let labels = rows.compactMap(\.label)
        let duplicates = Set(labels).count != labels.count
        let expectFailure = path.last == 3 && duplicates
        if (failure != nil) != expectFailure {
            problems.append(
                "expected \(expectFailure ? "a failure (duplicate labels)" : "success"), got \(failure ?? "success")")
        }
        if dry.failure?.description != failure {
            problems.append(
                "dry run said \(dry.failure?.description ?? "success"), the real run \(failure ?? "success")")
        }
        if dry.stages.map(\.title) != titles {
            problems.append("dry run ran \(dry.stages.map(\.title)), the real run \(titles)")
        }
        if dry.stages.filter({ $0.failure == nil }).map(\.rows) != counted {
            problems.append("dry run rows \(dry.stages.map(\.rows)), real \(counted)")
        }

        let reached = failure == nil ? path.last! : path[path.count - 2]
        let major = reached + 1
        if try StoreInspector(url: store).version() != Schema.Version(major, 0, 0) {
            problems.append("store is not at \(major).0.0")
        }
        let queue = try DatabaseQueue(path: store.path)
        defer { try? queue.close() }
        let stored = try queue.read { try Row.fetchAll($0, sql: #"SELECT * FROM "Item" ORDER BY "_pk""#) }
        if stored.count != rows.count { problems.append("\(stored.count) rows, expected \(rows.count)") }
        for (row, expected) in zip(stored, rows) {
            var same =
                row[Family.column("name", at: major)!] == expected.name
                && row[Family.column("count", at: major)!] == expected.count
                && row[Family.column("score", at: major)!] == expected.score
                && row[Family.column("label", at: major)!] == expected.label
            if let column = Family.column("payload", at: major) { same = same && row[column] == expected.payload }
            if major >= 2 { same = same && row["note"] == nil as String? }
            if major >= 3 { same = same && row["rank"] == 0 }
            if !same { problems.append("at \(major).0.0 row \(row) differs from \(expected)") }
        }
        return problems
    }
}
