import Foundation
import Testing

/// A plan whose sources Strata cannot read whole (issue 49, 4): `check` lists the errors, and every command that
/// consumes the plan refuses it with them, writes nothing and exits 1, never an empty or partial result with exit 0.
@Suite struct UnreadablePlanCommandTests {
    /// An app whose V2 builds its models in a loop.
    static func app(in temporary: TemporaryStore) throws -> String {
        let folder = temporary.path("LoopApp")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(
            """
            import SwiftData

            enum LedgerV1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Entry.self] }
                @Model final class Entry { var amount: Int = 0 }
            }

            enum LedgerV2: VersionedSchema {
                static let versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] {
                    var all: [any PersistentModel.Type] = []
                    for model in [Entry.self, Account.self] as [any PersistentModel.Type] { all.append(model) }
                    return all
                }
                @Model final class Entry { var amount: Int = 0; var note: String = "" }
                @Model final class Account { var name: String = "" }
            }

            enum LedgerPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [LedgerV1.self, LedgerV2.self] }
                static var stages: [MigrationStage] { [.lightweight(fromVersion: LedgerV1.self, toVersion: LedgerV2.self)] }
            }
            """.utf8
        ).write(to: URL(fileURLWithPath: folder).appendingPathComponent("Ledger.swift"))
        return folder
    }

    static let error =
        "Ledger.swift:11:5: error: LedgerV2's models are built by code Strata cannot read: line 13, `for model in"

    @Test func checkListsTheErrorAtTheGetter() throws {
        let temporary = try TemporaryStore()
        let check = try CommandRun.strata("check", "--sources", try Self.app(in: temporary))
        #expect(check.status == 1)
        #expect(check.standardOutput.contains(Self.error), "\(check.standardOutput)")
    }

    @Test func freezeRefusesThePlanAndWritesNothing() throws {
        let temporary = try TemporaryStore()
        let out = temporary.path("freeze.json")
        let freeze = try CommandRun.strata("freeze", "--sources", try Self.app(in: temporary), "--out", out)
        #expect(freeze.status == 1)
        #expect(freeze.standardError.contains(Self.error), "\(freeze.standardError)")
        #expect(freeze.standardError.contains("plan LedgerPlan could not be read whole"))
        #expect(freeze.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func diffNewAndMigrateRefuseThePlan() throws {
        let temporary = try TemporaryStore()
        let app = try Self.app(in: temporary)
        let diff = try CommandRun.strata("diff", "--sources", app, "1.0.0", "2.0.0")
        #expect(diff.status == 1)
        #expect(diff.standardOutput.isEmpty)
        #expect(diff.standardError.contains(Self.error))
        let store = temporary.path("ledger.store")
        let new = try CommandRun.strata("new", store, "--sources", app, "--at", "1.0.0", "--sample", "3")
        #expect(new.status == 1)
        #expect(new.standardError.contains(Self.error))
        #expect(!FileManager.default.fileExists(atPath: store))
    }
}
