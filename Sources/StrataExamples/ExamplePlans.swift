import Strata

/// The example plans bundled with `strata`, by the name the command line uses.
public enum ExamplePlans {
    /// One bundled plan: its name, what it shows, the plan type, and how to make a store at its oldest version.
    /// (Plan types are caseless enums with only static members, so sharing one across threads is safe.)
    public struct Entry: @unchecked Sendable {
        /// The name given to `--plan`.
        public let name: String
        /// One line on what the plan demonstrates.
        public let summary: String
        /// The plan.
        public let plan: any SchemaMigrationPlan.Type
        /// Creates a store at the plan's oldest version with the given number of rows.
        public let makeStore: @Sendable (URL, Int) throws -> Void
    }

    /// Every bundled plan.
    public static let all: [Entry] = [
        Entry(
            name: "bookshelf",
            summary: "the seeds' bookshelf: rename and new optional (lightweight), author split (custom)",
            plan: Bookshelf.Plan.self, makeStore: { try Bookshelf.makeDemoStore(at: $0, rows: $1) }),
        Entry(
            name: "trips",
            summary: "the WWDC trips sample: de-duplicate then unique (custom), renamed dates (lightweight)",
            plan: Trips.Plan.self, makeStore: { try Trips.makeDemoStore(at: $0, rows: $1) }),
        Entry(
            name: "ledger",
            summary:
                "accounts and entries: rename and unique (in place), dropped unique code (12-step rebuild), cents to euros (custom)",
            plan: Ledger.Plan.self, makeStore: { try Ledger.makeDemoStore(at: $0, rows: $1) }),
    ]

    /// The bundled plan with this name.
    public static func named(_ name: String) -> Entry? { all.first { $0.name == name } }
}
