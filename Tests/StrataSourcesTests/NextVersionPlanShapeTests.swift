import Foundation
import Strata
import StrataSources
import Testing

/// Plans whose `schemas` and `stages` are written the other ways public plans write them (issue 45): a getter's
/// `return`, lists joined with `+`, a list held in another static property, an empty list holding only comments;
/// `next-version` adds to the array literal that ends the list, and refuses, naming the code, a list that ends some
/// other way.
@Suite struct NextVersionPlanShapeTests {
    static let planFile = "Schemas/ShelfMigrationPlan.swift"

    /// The ShelfAliased app with its plan written as `plan`.
    static func app(plan: String) throws -> TemporaryFolder {
        let folder = try NextVersionDraftTests.app("ShelfAliased")
        try folder.write(planFile, plan)
        return folder
    }

    /// Opens the new version (written), edits it as a developer would, writes the stage; returns the plan file's text.
    static func openEditAndStage(_ folder: TemporaryFolder) throws -> String {
        let (opened, _) = try NextVersionDraftTests.draft(folder)
        #expect(opened.new.name == "ShelfSchemaV3")
        _ = try opened.edits.write()
        let record = try NextVersionDraftTests.record(opened, folder)
        try NextVersionDraftTests.edit(
            folder, "Schemas/ShelfSchemaV3.swift", "var pages: Int = 0\n",
            "var pages: Int = 0\n        var isbn: String?\n")
        let (staged, sources) = try NextVersionDraftTests.draft(folder, frozen: record)
        #expect(staged.stage?.kind == .lightweight)
        #expect(try NextVersionProof.check(staged, sources: sources).mismatches.isEmpty)
        _ = try staged.edits.write()
        let plan = try NextVersionDraftTests.readBack(folder)
        #expect(plan.versions.map(\.name) == ["ShelfSchemaV1", "ShelfSchemaV2", "ShelfSchemaV3"])
        #expect(plan.stages.map(\.to) == [Schema.Version(2, 0, 0), Schema.Version(3, 0, 0)])
        return try String(contentsOf: folder.url.appendingPathComponent(planFile), encoding: .utf8)
    }

    @Test func getterReturnsGetTheNewVersionAndStageInTheirLiterals() throws {
        let folder = try Self.app(
            plan: """
                import SwiftData

                enum ShelfMigrationPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] {
                        return [ShelfSchemaV1.self, ShelfSchemaV2.self]
                    }

                    static var stages: [MigrationStage] {
                        return [migrateV1toV2]
                    }

                    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: ShelfSchemaV1.self, toVersion: ShelfSchemaV2.self)
                }

                """)
        let text = try Self.openEditAndStage(folder)
        #expect(text.contains("return [ShelfSchemaV1.self, ShelfSchemaV2.self, ShelfSchemaV3.self]"))
        #expect(text.contains("return [migrateV1toV2, migrateV2toV3]"))
    }

    @Test func listsJoinedWithPlusOrHeldElsewhereGrowAtTheirLastLiteral() throws {
        let folder = try Self.app(
            plan: """
                import SwiftData

                enum ShelfMigrationPlan: SchemaMigrationPlan {
                    /// The versions of the first release, kept apart from those added since.
                    static let launch: [any VersionedSchema.Type] = [ShelfSchemaV1.self]

                    static var schemas: [any VersionedSchema.Type] { launch + [ShelfSchemaV2.self] }

                    static var stages: [MigrationStage] { allStages }

                    static let allStages: [MigrationStage] = [
                        migrateV1toV2,
                    ]

                    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: ShelfSchemaV1.self, toVersion: ShelfSchemaV2.self)
                }

                """)
        let text = try Self.openEditAndStage(folder)
        #expect(text.contains("static let launch: [any VersionedSchema.Type] = [ShelfSchemaV1.self]\n"))
        #expect(text.contains("{ launch + [ShelfSchemaV2.self, ShelfSchemaV3.self] }"))
        #expect(text.contains("static var stages: [MigrationStage] { allStages }"))
        #expect(
            text.contains(
                "    static let allStages: [MigrationStage] = [\n        migrateV1toV2,\n        migrateV2toV3,\n    ]")
        )
    }

    /// An empty `stages` holding a comment (`return [ // Future migrations go here ]`) keeps it: the stage goes on a
    /// line of its own under it.
    @Test func anEmptyListKeepsItsComments() throws {
        let folder = try Self.app(
            plan: """
                import SwiftData

                enum ShelfMigrationPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [ShelfSchemaV1.self, ShelfSchemaV2.self] }

                    static var stages: [MigrationStage] {
                        return [
                            // Stages are added here when a version ships.
                        ]
                    }
                }

                """)
        // Two versions and no stage leading to the second: it is in progress, and its stage is written.
        let (draft, sources) = try NextVersionDraftTests.draft(folder)
        #expect(draft.new.name == "ShelfSchemaV2")
        #expect(draft.stage != nil)
        #expect(try NextVersionProof.check(draft, sources: sources).mismatches.isEmpty)
        _ = try draft.edits.write()
        let text = try String(contentsOf: folder.url.appendingPathComponent(Self.planFile), encoding: .utf8)
        #expect(
            text.contains(
                "        return [\n            // Stages are added here when a version ships.\n            migrateV1toV2,\n        ]\n"
            ), "\(text)")
        #expect(try NextVersionDraftTests.readBack(folder).stages.map(\.to) == [Schema.Version(2, 0, 0)])
    }

    /// A getter's local grown with `+=` ends in the literal added last: the new version and stage go there.
    @Test func aLocalGrownWithPlusEqualsEndsInItsLastLiteral() throws {
        let folder = try Self.app(
            plan: """
                import SwiftData

                enum ShelfMigrationPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] {
                        var all: [any VersionedSchema.Type] = [ShelfSchemaV1.self]
                        all += [ShelfSchemaV2.self]
                        return all
                    }

                    static var stages: [MigrationStage] {
                        var stages: [MigrationStage] = []
                        stages += [migrateV1toV2]
                        return stages
                    }

                    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: ShelfSchemaV1.self, toVersion: ShelfSchemaV2.self)
                }

                """)
        let text = try Self.openEditAndStage(folder)
        #expect(text.contains("all += [ShelfSchemaV2.self, ShelfSchemaV3.self]"))
        #expect(text.contains("stages += [migrateV1toV2, migrateV2toV3]"))
    }

    /// A list a getter builds by appending to a local ends in no literal: refused with the place, nothing written.
    @Test func aListEndingOtherwiseIsRefusedWithItsPlace() throws {
        let plan = """
            import SwiftData

            enum ShelfMigrationPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] {
                    var all: [any VersionedSchema.Type] = [ShelfSchemaV1.self]
                    all.append(ShelfSchemaV2.self)
                    return all
                }

                static var stages: [MigrationStage] { [migrateV1toV2] }

                static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: ShelfSchemaV1.self, toVersion: ShelfSchemaV2.self)
            }

            """
        let folder = try Self.app(plan: plan)
        #expect(try NextVersionDraftTests.readBack(folder).versions.count == 2, "the reader follows the getter")
        do {
            _ = try NextVersionDraftTests.draft(folder)
            Issue.record("a list that ends in no array literal must be refused")
        } catch let refusal as NextVersionRefusal {
            // The place is the append, after which the list ends in no literal.
            #expect(refusal.description.contains("ShelfMigrationPlan.swift:6:"), "\(refusal)")
            #expect(
                refusal.description.contains(
                    "ShelfMigrationPlan.schemas does not end in an array literal (`all.append(ShelfSchemaV2.self)`), so Strata cannot add ShelfSchemaV3.self to it"
                ), "\(refusal)")
        }
        #expect(try String(contentsOf: folder.url.appendingPathComponent(Self.planFile), encoding: .utf8) == plan)
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent("Schemas/ShelfSchemaV3.swift").path))
    }
}
