import Strata

/// A ledger of accounts and entries, bundled as the plan the crash suite kills mid-migration. Its three stages
/// cover the three ways a stage changes a table:
/// - V1 -> V2 (lightweight, in place): `memo` renamed `summary`, optional `tag` added, account names made unique;
/// - V2 -> V3 (lightweight, 12-step rebuild): the unique `legacyCode` dropped, so `Entry` is rebuilt;
/// - V3 -> V4 (custom): `cents` replaced by a required `euros`, computed in `didMigrate` through the context.
public enum Ledger {
    /// Version 1.0.0.
    public enum V1: VersionedSchema {
        /// 1.0.0.
        public static let versionIdentifier = Schema.Version(1, 0, 0)
        /// Accounts and their entries.
        public static var models: [any PersistentModel.Type] { [Account.self, Entry.self] }

        /// An account.
        @Model public final class Account {
            public var name: String
            /// Creates an account.
            public init(name: String) { self.name = name }
        }

        /// One booked amount.
        @Model public final class Entry {
            public var memo: String
            public var cents: Int
            public var booked: Date
            @Attribute(.unique) public var legacyCode: String
            public var account: Account?

            /// Creates an entry.
            public init(memo: String, cents: Int, booked: Date, legacyCode: String, account: Account?) {
                self.memo = memo
                self.cents = cents
                self.booked = booked
                self.legacyCode = legacyCode
                self.account = account
            }
        }
    }

    /// Version 2.0.0: `memo` renamed `summary`, optional `tag`, unique account names.
    public enum V2: VersionedSchema {
        /// 2.0.0.
        public static let versionIdentifier = Schema.Version(2, 0, 0)
        /// Accounts and their entries.
        public static var models: [any PersistentModel.Type] { [Account.self, Entry.self] }

        /// An account with a unique name.
        @Model public final class Account {
            @Attribute(.unique) public var name: String
            /// Creates an account.
            public init(name: String) { self.name = name }
        }

        /// One booked amount.
        @Model public final class Entry {
            @Attribute(originalName: "memo") public var summary: String
            public var tag: String?
            public var cents: Int
            public var booked: Date
            @Attribute(.unique) public var legacyCode: String
            public var account: Account?

            /// Creates an entry.
            public init(summary: String, cents: Int, booked: Date, legacyCode: String, account: Account?) {
                self.summary = summary
                self.cents = cents
                self.booked = booked
                self.legacyCode = legacyCode
                self.account = account
            }
        }
    }

    /// Version 3.0.0: `legacyCode` removed (a unique column, so the table is rebuilt).
    public enum V3: VersionedSchema {
        /// 3.0.0.
        public static let versionIdentifier = Schema.Version(3, 0, 0)
        /// Accounts and their entries.
        public static var models: [any PersistentModel.Type] { [Account.self, Entry.self] }

        /// An account with a unique name.
        @Model public final class Account {
            @Attribute(.unique) public var name: String
            /// Creates an account.
            public init(name: String) { self.name = name }
        }

        /// One booked amount.
        @Model public final class Entry {
            public var summary: String
            public var tag: String?
            public var cents: Int
            public var booked: Date
            public var account: Account?

            /// Creates an entry.
            public init(summary: String, cents: Int, booked: Date, account: Account?) {
                self.summary = summary
                self.cents = cents
                self.booked = booked
                self.account = account
            }
        }
    }

    /// Version 4.0.0: `cents` replaced by a required `euros`.
    public enum V4: VersionedSchema {
        /// 4.0.0.
        public static let versionIdentifier = Schema.Version(4, 0, 0)
        /// Accounts and their entries.
        public static var models: [any PersistentModel.Type] { [Account.self, Entry.self] }

        /// An account with a unique name.
        @Model public final class Account {
            @Attribute(.unique) public var name: String
            /// Creates an account.
            public init(name: String) { self.name = name }
        }

        /// One booked amount, in euros.
        @Model public final class Entry {
            public var summary: String
            public var tag: String?
            public var euros: Double
            public var booked: Date
            public var account: Account?

            /// Creates an entry.
            public init(summary: String, euros: Double, booked: Date, account: Account?) {
                self.summary = summary
                self.euros = euros
                self.booked = booked
                self.account = account
            }
        }
    }

    /// V1 -> V2 lightweight (in place), V2 -> V3 lightweight (rebuild), V3 -> V4 custom.
    public enum Plan: SchemaMigrationPlan {
        /// V1 to V4.
        public static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self, V3.self, V4.self] }
        /// The three stages.
        public static var stages: [MigrationStage] { [migrateV1toV2, migrateV2toV3, migrateV3toV4] }

        /// Rename, new optional, new unique index: `ALTER TABLE` in place.
        public static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: V1.self, toVersion: V2.self)

        /// Drops the unique `legacyCode`: SQLite cannot drop a unique column in place, so `Entry` is rebuilt.
        public static let migrateV2toV3 = MigrationStage.lightweight(fromVersion: V2.self, toVersion: V3.self)

        /// Converts each entry's cents to euros (cents / 100), reading the old value with `valueBeforeMigration`;
        /// saves every 5,000 entries so memory stays flat (the stage is still one transaction).
        public static let migrateV3toV4 = MigrationStage.custom(
            fromVersion: V3.self, toVersion: V4.self, willMigrate: nil
        ) { context in
            var count = 0
            try context.enumerate(FetchDescriptor<V4.Entry>(), batchSize: 5_000) { entry in
                let cents: Int = try entry.valueBeforeMigration("cents") ?? 0
                entry.euros = Double(cents) / 100
                count += 1
                if count % 5_000 == 0 { try context.save() }
            }
            try context.save()
        }
    }

    /// The seed values of entry `number` (1-based) of a demo store: what `makeDemoStore` writes, so a test can
    /// compute every expected value without the engine.
    public static func seed(_ number: Int, accounts: Int) -> (
        memo: String, cents: Int, booked: Date, legacyCode: String, account: Int
    ) {
        (
            memo: "Entry \(number): \(words[number % words.count]) \(words[(number / words.count) % words.count])",
            cents: (number &* 7_919) % 200_001 - 100_000,
            booked: Date(timeIntervalSinceReferenceDate: Double(number) * 3_600.25),
            legacyCode: "L-\(number)",
            account: number % accounts
        )
    }

    /// The number of accounts a demo store of `rows` entries has (one per 1,000 entries, at least one).
    public static func accounts(forRows rows: Int) -> Int { max(1, rows / 1_000) }

    private static let words = [
        "rent", "coffee", "books", "train", "salary", "refund", "gift", "taxes", "repair", "fees", "lunch",
    ]

    /// Creates a V1 store at `url` with `rows` entries spread over `accounts(forRows:)` accounts named
    /// "Account 0", "Account 1", ...; entry values come from `seed(_:accounts:)`.
    public static func makeDemoStore(at url: URL, rows: Int) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: V1.self), configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let accounts = (0..<accounts(forRows: rows)).map { V1.Account(name: "Account \($0)") }
        accounts.forEach(context.insert)
        try context.save()
        var number = 1
        while number <= rows {
            let end = min(number + 5_000, rows + 1)
            for index in number..<end {
                let seed = seed(index, accounts: accounts.count)
                context.insert(
                    V1.Entry(
                        memo: seed.memo, cents: seed.cents, booked: seed.booked, legacyCode: seed.legacyCode,
                        account: accounts[seed.account]))
            }
            try context.save()
            number = end
        }
    }
}
