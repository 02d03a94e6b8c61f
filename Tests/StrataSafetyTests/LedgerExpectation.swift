import Foundation
import GRDB
import Strata
import StrataExamples

/// What a ledger store must hold at each version, computed from the seed store's rows with plain SQL (never by
/// running the engine): V2 renames `memo` to `summary` and adds an empty `tag`, V3 drops `legacyCode`, V4
/// replaces `cents` with `euros = cents / 100`.
struct LedgerExpectation {
    struct Entry: Equatable {
        let memo: String
        let cents: Int64
        let booked: Double
        let legacyCode: String
        let account: Int64?
    }

    /// Seed entries and account names by primary key.
    let entries: [Int64: Entry]
    let accounts: [Int64: String]

    /// Reads the seed store (a ledger store at 1.0.0), and checks it against `Ledger.seed` so a wrong seed fails early.
    init(seedStore url: URL) throws {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        (entries, accounts) = try queue.read { db in
            var entries: [Int64: Entry] = [:]
            for row in try Row.fetchAll(
                db, sql: #"SELECT "_pk", "memo", "cents", "booked", "legacyCode", "account" FROM "Entry""#)
            {
                entries[row[0]] = Entry(
                    memo: row[1], cents: row[2], booked: row[3], legacyCode: row[4], account: row[5])
            }
            var accounts: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: #"SELECT "_pk", "name" FROM "Account""#) { accounts[row[0]] = row[1] }
            return (entries, accounts)
        }
        let accountKeys = accounts.keys.sorted()
        for (key, entry) in entries {
            let seed = Ledger.seed(Int(key), accounts: accounts.count)
            guard entry.memo == seed.memo, entry.cents == Int64(seed.cents), entry.legacyCode == seed.legacyCode,
                entry.booked == seed.booked.timeIntervalSinceReferenceDate,
                entry.account == accountKeys[seed.account]
            else { throw Mismatch(problems: ["seed entry \(key) is not Ledger.seed(\(key)): \(entry)"]) }
        }
    }

    /// The failures found; empty when the store passed.
    struct Mismatch: Error, CustomStringConvertible {
        let problems: [String]
        var description: String { problems.prefix(10).joined(separator: "\n") }
    }

    /// Entry's columns at each major version.
    static let columns: [Int: [String]] = [
        1: ["_pk", "memo", "cents", "booked", "legacyCode", "account"],
        2: ["_pk", "summary", "tag", "cents", "booked", "legacyCode", "account"],
        3: ["_pk", "summary", "tag", "cents", "booked", "account"],
        4: ["_pk", "summary", "tag", "euros", "booked", "account"],
    ]

    /// Checks the store the way a user would find it after a crash: it opens (library and SQLite), its version is
    /// one of the plan's (a stage boundary), integrity and foreign keys hold, no stage leftovers remain, and every
    /// row and kept value is the expected one. Returns the major version it is at.
    @discardableResult
    func verify(_ url: URL) throws -> Int {
        guard let version = try StoreInspector(url: url).version(), (1...4).contains(version.major),
            version.minor == 0, version.patch == 0
        else { throw Mismatch(problems: ["\(url.path) is at no version of the ledger plan"]) }
        let major = version.major
        let schema = Schema(versionedSchema: Ledger.Plan.schemas[major - 1])
        let container = try ModelContainer(for: schema, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let libraryCount =
            switch major {
            case 1: try context.fetchCount(FetchDescriptor<Ledger.V1.Entry>())
            case 2: try context.fetchCount(FetchDescriptor<Ledger.V2.Entry>())
            case 3: try context.fetchCount(FetchDescriptor<Ledger.V3.Entry>())
            default: try context.fetchCount(FetchDescriptor<Ledger.V4.Entry>())
            }
        var problems: [String] = []
        if libraryCount != entries.count {
            problems.append("the library counts \(libraryCount) entries, expected \(entries.count)")
        }
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        try queue.read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            if integrity != ["ok"] { problems.append("integrity_check: \(integrity.prefix(5))") }
            let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            if !violations.isEmpty { problems.append("foreign_key_check: \(violations.count) violations") }
            let leftovers = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE name LIKE '\\_strata\\_old\\_%' ESCAPE '\\'")
            if !leftovers.isEmpty { problems.append("stage leftovers: \(leftovers)") }
            let recorded = try Int.fetchOne(db, sql: "SELECT count(*) FROM _strata_history") ?? -1
            if recorded != major - 1 { problems.append("history has \(recorded) stages at \(major).0.0") }
            let columns = Set(try Row.fetchAll(db, sql: #"PRAGMA table_info("Entry")"#).map { $0["name"] as String })
            let wanted = Self.columns[major]!
            if columns != Set(wanted) {
                problems.append("Entry columns at \(major).0.0 are \(columns.sorted()), expected \(wanted.sorted())")
            }
            let accounts = try Row.fetchAll(db, sql: #"SELECT "_pk", "name" FROM "Account""#)
            if accounts.count != self.accounts.count {
                problems.append("\(accounts.count) accounts, expected \(self.accounts.count)")
            }
            for row in accounts where self.accounts[row[0]] != row[1] {
                problems.append("Account \(row[0] as Int64) is \(row[1] as String?)")
            }
            guard problems.isEmpty else { return }
            let rows = try Row.fetchCursor(
                db, sql: "SELECT \(wanted.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \"Entry\"")
            var seen = 0
            while let row = try rows.next() {
                seen += 1
                let key: Int64 = row[0]
                guard let entry = entries[key] else {
                    problems.append("Entry \(key) is not in the seed")
                    continue
                }
                let text: String? = row[1]
                let booked: Double? = row["booked"]
                let account: Int64? = row["account"]
                var same = text == entry.memo && booked == entry.booked && account == entry.account
                switch major {
                case 1: same = same && row["cents"] == entry.cents && row["legacyCode"] == entry.legacyCode
                case 2:
                    same =
                        same && row["tag"] == nil as String? && row["cents"] == entry.cents
                        && row["legacyCode"] == entry.legacyCode
                case 3: same = same && row["tag"] == nil as String? && row["cents"] == entry.cents
                default: same = same && row["tag"] == nil as String? && row["euros"] == Double(entry.cents) / 100
                }
                if !same && problems.count < 10 {
                    problems.append("Entry \(key) at \(major).0.0 holds \(row), expected \(entry)")
                }
            }
            if seen != entries.count { problems.append("\(seen) entries, expected \(entries.count)") }
        }
        guard problems.isEmpty else { throw Mismatch(problems: problems) }
        return major
    }
}
