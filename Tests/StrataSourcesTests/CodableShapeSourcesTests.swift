import Foundation
import Strata
import StrataSources
import Testing

/// Codable structs and enums stored as attributes, read by scope and identified by their encoded shape (issue 49,
/// 1): each version's own nested type, a field added or removed a typed change classified by what it does to the
/// stored values, a type renamed with the same fields no change, the compiled level told the same shapes.
@Suite struct CodableShapeSourcesTests {
    /// A plan of two versions of `Loan`, each nesting the types `v1` and `v2` declare, `extra` added to V2's model.
    static func plan(
        v1: String, v2: String, v1Type: String = "Borrower", v2Type: String = "Borrower", extra: String = ""
    )
        throws -> SourcePlan
    {
        let folder = try TemporaryFolder()
        try folder.write(
            "Loans.swift",
            """
            import Foundation
            import SwiftData

            enum LoansV1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Loan.self] }
                @Model final class Loan { var who: \(v1Type); init(who: \(v1Type)) { self.who = who } }
                \(v1)
            }

            enum LoansV2: VersionedSchema {
                static let versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Loan.self] }
                @Model final class Loan { var who: \(v2Type); \(extra) init(who: \(v2Type)) { self.who = who } }
                \(v2)
            }

            enum LoansPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [LoansV1.self, LoansV2.self] }
                static var stages: [MigrationStage] { [.lightweight(fromVersion: LoansV1.self, toVersion: LoansV2.self)] }
            }
            """)
        return try AppSources(folder: folder.url).plan(named: nil)
    }

    /// The changes of the plan's stage with their classification labels.
    static func changes(_ plan: SourcePlan) -> [String] {
        let (validated, _) = plan.check()
        return validated.stages.first?.diff.changes.map { "\($0) [\($0.classification.label)]" } ?? []
    }

    @Test func aFieldAddedToAVersionsOwnStructIsATypedChangeAndChangesTheFingerprint() throws {
        let plan = try Self.plan(
            v1: "struct Borrower: Codable { var name: String }",
            v2: """
                struct Borrower: Codable { var name: String; var kind: Kind }
                    enum Kind: Codable { case child; case guardian(id: UUID) }
                """)
        #expect(plan.problems.isEmpty)
        let schemas = plan.versions.map(\.schema)
        #expect(schemas[0].fingerprint != schemas[1].fingerprint)
        #expect(
            Self.changes(plan) == [
                "Loan.who (json Borrower) changed shape: kind added ((child | guardian(id: UUID)), required: stored values have none, so they no longer decode) [custom]"
            ])
        let (_, problems) = plan.check()
        #expect(
            problems.contains {
                $0.contains("is lightweight but contains a change it cannot do: Loan.who (json Borrower) changed shape")
            })
    }

    @Test func aStructRenamedWithTheSameFieldsIsNoChange() throws {
        let plan = try Self.plan(
            v1: "struct Preferences: Codable { var theme: String; var size: Double? }",
            v2: "struct Prefs: Codable { var theme: String; var size: Double? }", v1Type: "Preferences",
            v2Type: "Prefs", extra: "var note: String?;")
        #expect(Self.changes(plan) == ["Loan.note added (String, optional) [lightweight]"])
        #expect(plan.check().problems.isEmpty)
    }

    @Test func anOptionalFieldOrACaseAddedIsLightweightAFieldRemovedLosesItsValues() throws {
        let added = try Self.plan(
            v1: "struct Borrower: Codable { var name: String; var kind: Kind }; enum Kind: Codable { case child }",
            v2:
                "struct Borrower: Codable { var name: String; var phone: String?; var kind: Kind }; enum Kind: Codable { case child; case adult }"
        )
        #expect(
            Self.changes(added) == [
                "Loan.who (json Borrower) changed shape: phone added (String, optional); case kind.adult added [lightweight]"
            ])
        let removed = try Self.plan(
            v1: "struct Borrower: Codable { var name: String; var phone: String? }",
            v2: "struct Borrower: Codable { var name: String }")
        #expect(
            Self.changes(removed) == ["Loan.who (json Borrower) changed shape: phone removed (String) [destructive]"])
    }

    @Test func typesWithHandWrittenCodingAreKnownByName() throws {
        let plan = try Self.plan(
            v1:
                "struct Borrower: Codable { var name: String; enum CodingKeys: String, CodingKey { case name = \"n\" } }",
            v2:
                "struct Borrower: Codable { var name: String; var age: Int = 0; enum CodingKeys: String, CodingKey { case name = \"n\"; case age } }"
        )
        #expect(
            plan.versions[1].schema.entitiesByName["Loan"]?.attribute(named: "who")?.valueType.spelling
                == "json Borrower")
    }

    @Test func aStoreRecordedBeforeShapesWereKnownIsStillAtItsVersion() throws {
        let plan = try AppSources(folder: FixtureTree.folder("Corpus/LendingApp")).plan(named: nil).validated()
        let shaped = plan.schemas[0]
        let byName = Schema(
            entities: shaped.entities.map { entity in
                var entity = entity
                entity.attributes = entity.attributes.map { attribute in
                    var attribute = attribute
                    if case .codable(let name, _) = attribute.valueType {
                        attribute.valueType = .codable(typeName: name)
                    }
                    return attribute
                }
                return entity
            }, version: shaped.version)
        #expect(byName.fingerprint != shaped.fingerprint)
        let folder = try TemporaryFolder()
        let store = folder.url.appendingPathComponent("recorded-by-name.store")
        try SampleStore.make(at: store, schema: byName, rows: 2)
        let migrator = try Migrator(store: store, validated: plan)
        #expect(migrator.current.version == Schema.Version(1, 0, 0))
        #expect(migrator.pending.map(\.description) == ["custom 1.0.0 -> 2.0.0"])
    }

    @Test func theCompiledLevelDeclaresTheShapesTheStaticLevelRead() throws {
        let app = CompiledApp(sources: try AppSources(folder: FixtureTree.folder("Corpus/LendingApp")))
        let shapes = try #require(app.files.first { $0.name == "StrataCodableShapes.swift" })
        #expect(
            shapes.text.contains(
                """
                extension LendingSchemaV2.Borrower: Strata.CodableShapeDescribing {
                    public static var codableShapeSpelling: String { "{name: String, phone: String, role: (member | guest(sponsor: String))}" }
                }
                """))
        #expect(shapes.text.contains("extension LendingSchemaV1.Borrower: Strata.CodableShapeDescribing {"))
    }
}
