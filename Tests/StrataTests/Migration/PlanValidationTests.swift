import Foundation
import Strata
import StrataExamples
import Testing

/// Plans with the mistakes SwiftData crashes on or silently mishandles.
enum BrokenPlans {
    /// V2 again under another identifier: structurally identical to V2.
    enum BookSchemaV2Twin: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 1, 0)
        static var models: [any PersistentModel.Type] { [Bookshelf.V2.Book.self] }
    }

    /// V3's models under V2's identifier.
    enum BookSchemaV3SameID: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 0, 0)
        static var models: [any PersistentModel.Type] { [Bookshelf.V3.Book.self] }
    }

    enum IdenticalSchemas: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V2.self, BookSchemaV2Twin.self] }
        static var stages: [MigrationStage] { [] }
    }

    enum DuplicateIdentifiers: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V2.self, BookSchemaV3SameID.self] }
        static var stages: [MigrationStage] { [] }
    }

    enum SelfStage: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V1.self, Bookshelf.V2.self] }
        static var stages: [MigrationStage] {
            [.lightweight(fromVersion: Bookshelf.V1.self, toVersion: Bookshelf.V1.self)]
        }
    }

    /// V2 -> V3 splits the author: a lightweight stage cannot do it.
    enum ImpossibleLightweight: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V2.self, Bookshelf.V3.self] }
        static var stages: [MigrationStage] {
            [.lightweight(fromVersion: Bookshelf.V2.self, toVersion: Bookshelf.V3.self)]
        }
    }

    /// Names V3 in a stage but not among its schemas.
    enum StageOutsideSchemas: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V1.self, Bookshelf.V2.self] }
        static var stages: [MigrationStage] { [Bookshelf.Plan.migrateV2toV3] }
    }

    /// Knows V2 and V3 only, with the stage between them.
    enum WithoutV1: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V2.self, Bookshelf.V3.self] }
        static var stages: [MigrationStage] { [Bookshelf.Plan.migrateV2toV3] }
    }

    /// V1 and V3 with no stage between them, and a change that needs one.
    enum Gap: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [Bookshelf.V1.self, Bookshelf.V2.self, Bookshelf.V3.self] }
        static var stages: [MigrationStage] { [Bookshelf.Plan.migrateV1toV2] }
    }
}

@Suite struct PlanValidationTests {
    func problems(_ plan: any SchemaMigrationPlan.Type) -> [String] { ValidatedPlan.check(plan).problems }

    @Test func theBookshelfPlanIsValid() {
        #expect(problems(Bookshelf.Plan.self).isEmpty)
    }

    @Test func identicalSchemasAreRefused() {
        #expect(
            problems(BrokenPlans.IdenticalSchemas.self) == [
                "schemas 2.0.0 and 2.1.0 are identical (SwiftData stops with \"Duplicate version checksums\"); change the models of one or drop it from the plan"
            ])
    }

    @Test func duplicateIdentifiersAreRefused() {
        #expect(
            problems(BrokenPlans.DuplicateIdentifiers.self).first?.contains(
                "two schemas have the version identifier 2.0.0") == true)
    }

    @Test func aStageFromAVersionToItselfIsRefused() {
        #expect(problems(BrokenPlans.SelfStage.self).contains { $0.contains("goes from 1.0.0 to itself") })
    }

    @Test func aLightweightStageWithACustomChangeIsRefusedNamingTheChange() {
        let found = problems(BrokenPlans.ImpossibleLightweight.self)
        #expect(found.contains { $0.contains("Book.firstName added (String, required, no default)") })
        #expect(found.contains { $0.contains("is lightweight but contains a change it cannot do") })
    }

    @Test func aStageNamingAnUnlistedVersionIsRefused() {
        #expect(
            problems(BrokenPlans.StageOutsideSchemas.self).contains {
                $0.contains("names 3.0.0, which StageOutsideSchemas.schemas does not list")
            })
    }

    @Test func anInvalidPlanLeavesTheStoreUntouched() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        let before = storeHashes(url)
        #expect(throws: MigrationError.self) {
            _ = try ModelContainer(
                for: Bookshelf.V3.Book.self, migrationPlan: BrokenPlans.ImpossibleLightweight.self,
                configurations: ModelConfiguration(url: url))
        }
        #expect(storeHashes(url) == before)
    }

    @Test func aStoreWhoseVersionThePlanDoesNotKnowIsAnError() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        #expect {
            _ = try ModelContainer(
                for: Bookshelf.V3.Book.self, migrationPlan: BrokenPlans.WithoutV1.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            let text = "\(error)"
            return text.contains("matches no version of the plan") && text.contains("closest version is 2.0.0")
                && text.contains("Book.isbnCode renamed from isbn")
        }
        #expect(try StoreInspector(url: url).version() == Schema.Version(1, 0, 0))
    }

    @Test func aGapWithACustomChangeIsAnErrorListingTheChanges() throws {
        let directory = TemporaryDirectory()
        let url = try makeBookshelfV1(in: directory, books: sampleBooks)
        _ = try ModelContainer(
            for: Bookshelf.V2.Book.self, migrationPlan: BrokenPlans.Gap.self,
            configurations: ModelConfiguration(url: url))
        #expect {
            _ = try ModelContainer(
                for: Bookshelf.V3.Book.self, migrationPlan: BrokenPlans.Gap.self,
                configurations: ModelConfiguration(url: url))
        } throws: { error in
            let text = "\(error)"
            return text.contains("No migration leads") && text.contains("from 2.0.0 to 3.0.0")
                && text.contains("need a custom stage")
                && text.contains("Book.firstName added (String, required, no default)")
                && !text.contains("Book.author removed")
        }
        #expect(try StoreInspector(url: url).version() == Schema.Version(2, 0, 0))
    }
}
