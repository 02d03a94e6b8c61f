import Foundation
import GRDB
import Strata
import StrataExamples
import StrataSafetyFixtures
import Testing

/// One bad input: how to make the store, which plan to run (by type for the library, by name for
/// `strata-safety`), what the message must say and the documented exit status.
struct BadInput: CustomTestStringConvertible, Sendable {
    let name: String
    let plan: String
    let message: String
    let status: Int32
    /// What a dry run says instead, where it differs: a plan whose only problem is a stage SwiftData would start
    /// and fail is run to that stage, which fails on the rows.
    var dryRunMessage: String? = nil
    let make: @Sendable (URL) throws -> Void

    var testDescription: String { name }

    /// The plan type behind `plan`.
    var planType: any SchemaMigrationPlan.Type { SafetyPlans.all[plan]! }

    /// A ledger store of 300 entries at `version`.
    static func ledger(_ version: Int = 1) -> @Sendable (URL) throws -> Void {
        { url in _ = try LedgerStore(at: url, rows: 300, version: version) }
    }

    /// Every case of the corpus.
    static let corpus: [BadInput] = [
        BadInput(name: "empty file", plan: "ledger", message: "is not a Strata store", status: 3) { url in
            _ = FileManager.default.createFile(atPath: url.path, contents: Data())
        },
        BadInput(name: "random bytes", plan: "ledger", message: "is not a Strata store", status: 3) { url in
            var random = SplitMix(seed: 42)
            _ = FileManager.default.createFile(
                atPath: url.path, contents: Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &random) }))
        },
        BadInput(name: "SQLite header cut short", plan: "ledger", message: "is not a Strata store", status: 3) { url in
            try ledger()(url)
            let data = try Data(contentsOf: url)
            try data.prefix(60).write(to: url)
        },
        BadInput(name: "truncated SQLite file", plan: "ledger", message: "is not a Strata store", status: 3) { url in
            try ledger()(url)
            let data = try Data(contentsOf: url)
            try data.prefix(data.count / 2).write(to: url)
        },
        BadInput(
            name: "SQLite file that is not a Strata store", plan: "ledger", message: "without Strata's metadata table",
            status: 3
        ) { url in
            let queue = try DatabaseQueue(path: url.path)
            try queue.write {
                try $0.execute(
                    sql:
                        "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('hello')"
                )
            }
            try queue.close()
        },
        BadInput(
            name: "store newer than the plan", plan: "older-ledger", message: "matches no version of the plan",
            status: 1, make: ledger(4)),
        BadInput(
            name: "column added by hand", plan: "ledger", message: "does not know: Entry.note", status: 1
        ) { url in
            try ledger()(url)
            let queue = try DatabaseQueue(path: url.path)
            try queue.write {
                try $0.execute(
                    sql: #"ALTER TABLE "Entry" ADD COLUMN "note" TEXT; UPDATE "Entry" SET "note" = 'kept by hand'"#)
            }
            try queue.close()
        },
        BadInput(
            name: "version's schema modified after it shipped", plan: "modified-first-version",
            message: "1.0.0 was modified after it shipped", status: 1, make: ledger()),
        BadInput(name: "plan with a gap", plan: "gap", message: "No migration leads", status: 1, make: ledger()),
        BadInput(
            name: "plan listing a version twice", plan: "duplicate-versions", message: "The migration plan is invalid",
            status: 1, make: ledger()),
        BadInput(
            name: "plan with two schemas claiming one version", plan: "duplicate-identifiers",
            message: "The migration plan is invalid", status: 1, make: ledger()),
        BadInput(
            name: "stage from a version to itself", plan: "self-stage", message: "The migration plan is invalid",
            status: 1, make: ledger()),
        BadInput(
            name: "custom stage that throws", plan: "throwing-stage",
            message: "willMigrate threw: entries refused by the stage on purpose", status: 1, make: ledger()),
        BadInput(
            name: "lightweight stage with a change it cannot do", plan: "impossible-lightweight",
            message: "The migration plan is invalid", status: 1,
            dryRunMessage: "Entry.euros is required but 300 rows have no value", make: ledger(3)),
    ]
}
