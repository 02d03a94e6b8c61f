import Foundation
import Strata
import StrataSources
import Testing

/// A schema's `models` and a plan's `schemas` and `stages` built by statements (issue 49, 2): the forms apps write
/// are read as Swift builds them; anything else is an error at the getter, never an empty or shorter list.
@Suite struct AssembledListTests {
    /// A plan of two versions whose V2 `models` getter is `getter`, or which has none (V2 declares Trip, Stop and
    /// Ticket).
    static func app(models getter: String?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let models = getter.map { "static var models: [any PersistentModel.Type] {\n\($0)\n    }" } ?? "// no models"
        try folder.write(
            "Schema.swift",
            """
            import SwiftData

            enum TripsV1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip { var title: String = "" }
            }

            enum TripsV2: VersionedSchema {
                static let versionIdentifier = Schema.Version(2, 0, 0)
                \(models)
                @Model final class Trip { var title: String = ""; var days: Int = 1 }
                @Model final class Stop { var name: String = "" }
                @Model final class Ticket { var code: String = "" }
            }

            enum TripsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [TripsV1.self, TripsV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: TripsV1.self, toVersion: TripsV2.self)]
                }
            }
            """)
        return folder
    }

    /// The entities of V2 as read.
    static func entities(models getter: String) throws -> [String] {
        let folder = try app(models: getter)
        let plan = try AppSources(folder: folder.url).plan(named: nil)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        return plan.versions.last?.schema.entities.map(\.name) ?? []
    }

    @Test func readsModelsAssembledWithAppendPlusAndFilter() throws {
        #expect(
            try Self.entities(
                models: """
                    var all: [any PersistentModel.Type] = [Trip.self]
                    all.append(Stop.self)
                    all.append(contentsOf: [Ticket.self])
                    return all
                    """) == ["Trip", "Stop", "Ticket"])
        #expect(try Self.entities(models: "[Trip.self] + [Stop.self, Ticket.self]") == ["Trip", "Stop", "Ticket"])
        #expect(
            try Self.entities(models: "[Trip.self, Stop.self, Ticket.self].filter { $0 != Stop.self }") == [
                "Trip", "Ticket",
            ])
        #expect(
            try Self.entities(
                models: """
                    let base: [any PersistentModel.Type] = [Trip.self, Stop.self]
                    var extra = [any PersistentModel.Type]()
                    extra = [Ticket.self]
                    return base + extra
                    """) == ["Trip", "Stop", "Ticket"])
        #expect(
            try Self.entities(
                models:
                    "([Trip.self, Stop.self] as [any PersistentModel.Type]) + [Ticket.self as any PersistentModel.Type]"
            )
                == ["Trip", "Stop", "Ticket"])
        #expect(
            try Self.entities(
                models:
                    "common + [Ticket.self] }\n    static let common: [any PersistentModel.Type] = [Trip.self, Stop.self]\n    static var unused: Int { 0"
            )
                == ["Trip", "Stop", "Ticket"])
        // Another version's models are that version's classes: V1's Trip, with one attribute.
        let folder = try Self.app(models: "TripsV1.models + [Stop.self]")
        let v2 = try #require(try AppSources(folder: folder.url).plan(named: nil).versions.last)
        #expect(v2.modelNames == ["TripsV1.Trip", "TripsV2.Stop"])
        #expect(v2.schema.entitiesByName["Trip"]?.attributes.map(\.name) == ["title"])
    }

    @Test func modelsBuiltByCodeItCannotFollowAreAnErrorAtTheGetterNotAnEmptyVersion() throws {
        let folder = try Self.app(
            models: """
                var all: [any PersistentModel.Type] = [Trip.self]
                for extra in [Stop.self, Ticket.self] as [any PersistentModel.Type] { all.append(extra) }
                return all
                """)
        let plan = try AppSources(folder: folder.url).plan(named: nil)
        #expect(plan.versions.map(\.name) == ["TripsV1"])
        let problem = try #require(plan.problems.first)
        #expect(problem.location.line == 11) // `static var models` of TripsV2
        #expect(
            problem.message.hasPrefix(
                "TripsV2's models are built by code Strata cannot read: line 13, `for extra in [Stop.self, Ticket.self]"
            ))
        #expect(throws: MigrationError.self) { try plan.validated() }
    }

    @Test func aVersionWithoutModelsIsAnError() throws {
        let folder = try Self.app(models: nil)
        let plan = try AppSources(folder: folder.url).plan(named: nil)
        #expect(plan.problems.map(\.message).contains("TripsV2 has no static models Strata can read"))
    }

    @Test func schemasAndStagesBuiltByCodeItCannotFollowAreErrorsAtTheirGetters() throws {
        let folder = try Self.app(models: "[Trip.self]")
        try folder.append(
            "Schema.swift",
            """

            enum OtherPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { TripsPlan.schemas.reversed() }
                static var stages: [MigrationStage] {
                    var stages: [MigrationStage] = []
                    if Bool.random() { stages.append(.lightweight(fromVersion: TripsV1.self, toVersion: TripsV2.self)) }
                    return stages
                }
            }
            """)
        let plan = try AppSources(folder: folder.url).plan(named: "OtherPlan")
        #expect(
            plan.problems.map(\.message) == [
                "OtherPlan's stages are built by code Strata cannot read: line 29, `if Bool.random() { stages.append(.lightweight(fromVersion: TripsV1.self, toVersion: TripsV2.self)) }`; write them as an array literal, or build one with append, append(contentsOf:), + and filter",
                "OtherPlan's schemas are built by code Strata cannot read: line 26, `TripsPlan.schemas.reversed()`; write them as an array literal, or build one with append, append(contentsOf:), + and filter",
            ])
        #expect(plan.problems.map(\.location.line) == [27, 26])
    }
}
