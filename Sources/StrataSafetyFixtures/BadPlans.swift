import Strata
import StrataExamples

/// Migration plans that are wrong on purpose, one per mistake the bad-input corpus covers. Each is built from the
/// ledger's versions, so a ledger demo store is the store they are tried on.
public enum BadPlans {
    /// Stages 1 -> 2 and 3 -> 4, nothing from 2 to 3 (which drops `legacyCode`, so no stage can be inferred).
    public enum Gap: SchemaMigrationPlan {
        /// The ledger's four versions.
        public static var schemas: [any VersionedSchema.Type] { Ledger.Plan.schemas }
        /// Two stages with a gap between them.
        public static var stages: [MigrationStage] { [Ledger.Plan.migrateV1toV2, Ledger.Plan.migrateV3toV4] }
    }

    /// The ledger's 1.0.0 listed twice (SwiftData's "Duplicate version checksums").
    public enum DuplicateVersions: SchemaMigrationPlan {
        /// 1.0.0, 1.0.0 again, 2.0.0.
        public static var schemas: [any VersionedSchema.Type] { [Ledger.V1.self, Ledger.V1.self, Ledger.V2.self] }
        /// The first stage.
        public static var stages: [MigrationStage] { [Ledger.Plan.migrateV1toV2] }
    }

    /// Two different schemas that both claim 1.0.0.
    public enum DuplicateIdentifiers: SchemaMigrationPlan {
        /// The ledger's 1.0.0 and a different 1.0.0.
        public static var schemas: [any VersionedSchema.Type] {
            [Ledger.V1.self, ModifiedLedgerV1.self, Ledger.V2.self]
        }
        /// The first stage.
        public static var stages: [MigrationStage] { [Ledger.Plan.migrateV1toV2] }
    }

    /// A stage from 1.0.0 to itself.
    public enum SelfStage: SchemaMigrationPlan {
        /// 1.0.0 and 2.0.0.
        public static var schemas: [any VersionedSchema.Type] { [Ledger.V1.self, Ledger.V2.self] }
        /// 1.0.0 -> 1.0.0, then the real first stage.
        public static var stages: [MigrationStage] {
            [.lightweight(fromVersion: Ledger.V1.self, toVersion: Ledger.V1.self), Ledger.Plan.migrateV1toV2]
        }
    }

    /// A custom stage whose `willMigrate` changes every entry, saves, then throws.
    public enum ThrowingStage: SchemaMigrationPlan {
        /// 1.0.0 and 2.0.0.
        public static var schemas: [any VersionedSchema.Type] { [Ledger.V1.self, Ledger.V2.self] }
        /// One custom stage that throws.
        public static var stages: [MigrationStage] {
            [
                .custom(
                    fromVersion: Ledger.V1.self, toVersion: Ledger.V2.self,
                    willMigrate: { context in
                        for entry in try context.fetch(FetchDescriptor<Ledger.V1.Entry>()) {
                            entry.memo = "overwritten"
                        }
                        try context.save()
                        throw RefusedEntries()
                    }, didMigrate: nil)
            ]
        }
    }

    /// A lightweight stage from 3.0.0 to 4.0.0, whose new required `euros` only a custom stage can fill.
    public enum ImpossibleLightweight: SchemaMigrationPlan {
        /// 3.0.0 and 4.0.0.
        public static var schemas: [any VersionedSchema.Type] { [Ledger.V3.self, Ledger.V4.self] }
        /// The impossible stage.
        public static var stages: [MigrationStage] {
            [.lightweight(fromVersion: Ledger.V3.self, toVersion: Ledger.V4.self)]
        }
    }

    /// The ledger as it was before 4.0.0 existed: a 4.0.0 store is newer than this plan knows.
    public enum OlderLedger: SchemaMigrationPlan {
        /// 1.0.0 to 3.0.0.
        public static var schemas: [any VersionedSchema.Type] { [Ledger.V1.self, Ledger.V2.self, Ledger.V3.self] }
        /// The first two stages.
        public static var stages: [MigrationStage] { [Ledger.Plan.migrateV1toV2, Ledger.Plan.migrateV2toV3] }
    }

    /// A plan whose 1.0.0 was edited after stores were written with the real one.
    public enum ModifiedFirstVersion: SchemaMigrationPlan {
        /// The edited 1.0.0 and 2.0.0.
        public static var schemas: [any VersionedSchema.Type] { [ModifiedLedgerV1.self, Ledger.V2.self] }
        /// Edited 1.0.0 -> 2.0.0.
        public static var stages: [MigrationStage] {
            [.lightweight(fromVersion: ModifiedLedgerV1.self, toVersion: Ledger.V2.self)]
        }
    }

    /// What `ThrowingStage` throws.
    public struct RefusedEntries: Error, CustomStringConvertible {
        /// The message.
        public var description: String { "entries refused by the stage on purpose" }
    }
}

/// The ledger's 1.0.0 edited after it shipped: `Entry` gained an optional `note`.
public enum ModifiedLedgerV1: VersionedSchema {
    /// 1.0.0, like the real one.
    public static let versionIdentifier = Schema.Version(1, 0, 0)
    /// Accounts and their entries.
    public static var models: [any PersistentModel.Type] { [Account.self, Entry.self] }

    /// An account.
    @Model public final class Account {
        public var name: String
        /// Creates an account.
        public init(name: String) { self.name = name }
    }

    /// One booked amount, with the note added after 1.0.0 shipped.
    @Model public final class Entry {
        public var memo: String
        public var note: String?
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
