import Foundation
import Testing

@testable import StrataSources

/// Targets a generated project makes from lists: Tuist's `modules.map { … }` and XcodeGen's targets for several
/// platforms (`platform: [iOS, watchOS]`, `${platform}` in their paths) or renamed with `name:`.
@Suite struct GeneratedTargetListTests {
    /// A versioned schema, its model and a plan, for a folder the static level reads.
    private static let schema = """
        import SwiftData

        enum RouteSchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Climb.self] }
            @Model final class Climb {
                var name: String
                var grade: Grade
                init(name: String, grade: Grade) { self.name = name; self.grade = grade }
            }
        }

        enum RoutePlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [RouteSchemaV1.self] }
            static var stages: [MigrationStage] { [] }
        }
        """

    /// CragApp's `Project.swift` makes a framework target for each module of `let modules = ["Routes", "Gear"]`, and
    /// the app target from a one-element list.
    @Test func tuistTargetsMappedFromAListOfModulesAreEachATarget() throws {
        let app = FixtureTree.folder("CragApp")
        let routes = app.appendingPathComponent("Modules/Routes")
        let files = try CompiledFiles(folder: routes)
        #expect(files.project == "Project.swift (Tuist)")
        #expect(files.targets == ["Routes"])
        #expect(files.unread.isEmpty)
        #expect(
            files.read.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "RoutePlan.swift", "RouteSchemaV1.swift", "RouteSchemaV2.swift",
            ])
        #expect(files.skipped == [.init(file: "Drafts/RouteSchemaV2.swift", reason: "not in any target")])
        let plan = try #require(files.read.first)
        #expect(
            files.languageMode(of: plan).decidedBy
                == "target Routes in Project.swift: SWIFT_VERSION = 5.0 on the target")
        #expect(try CompiledFiles(folder: app.appendingPathComponent("Modules/Gear")).targets == ["Gear"])
        #expect(try CompiledFiles(folder: app.appendingPathComponent("App")).targets == ["Crag"])
        // Both levels find the app around the module, so the Gear module's enum is looked up there.
        #expect(HelperSources.enclosingApp(of: routes)?.path == app.resolvingSymlinksInPath().path)
        let sources = try AppSources(folder: routes)
        let climb = try #require(sources.versions.last?.schema.entitiesByName["Climb"])
        #expect(climb.attributes.map(\.name).sorted() == ["gradeCode", "name", "points"])
    }

    @Test func anXcodeGenTargetForSeveralPlatformsIsATargetPerPlatform() throws {
        let app = try TemporaryFolder()
        try app.write(
            [
                "project.yml": """
                name: Crag
                targets:
                  Core:
                    name: CragCore
                    type: framework
                    platform: [iOS, watchOS]
                    sources:
                      - Core/Shared
                      - path: "Core/${platform}"
                        excludes: ["*Preview.swift"]
                    settings:
                      base:
                        SWIFT_VERSION: "5.0"
                  Widgets:
                    type: app-extension
                    platform: [iOS]
                    platformPrefix: Crag
                    platformSuffix: ""
                    sources: [Widgets]
                """,
                "Core/Shared/Schema.swift": Self.schema,
                "Core/iOS/Grade.swift": "enum Grade: String, Codable { case easy, hard }\n",
                "Core/iOS/GradePreview.swift": "enum GradePreview {}\n",
                "Core/watchOS/Grade+Watch.swift": "extension Grade { var short: String { rawValue } }\n",
                "Core/macOS/Grade+Mac.swift": "extension Grade { var long: String { rawValue } }\n",
                "Widgets/Widget.swift": "import WidgetKit\n",
            ])
        let files = try CompiledFiles(folder: app.url.appendingPathComponent("Core"))
        #expect(files.project == "project.yml (XcodeGen)")
        #expect(files.targets == ["CragCore_iOS", "CragCore_watchOS"])
        #expect(files.unread.isEmpty)
        #expect(
            files.read.map { FilePath.relative($0, to: app.url.appendingPathComponent("Core").path) } == [
                "Shared/Schema.swift", "iOS/Grade.swift", "watchOS/Grade+Watch.swift",
            ])
        #expect(
            files.skipped == [
                .init(file: "iOS/GradePreview.swift", reason: "not in any target"),
                .init(file: "macOS/Grade+Mac.swift", reason: "not in any target"),
            ])
        let schema = try #require(files.read.first)
        #expect(files.targets(of: schema) == ["CragCore_iOS", "CragCore_watchOS"])
        #expect(
            files.languageMode(of: schema).decidedBy
                == "target CragCore_iOS in project.yml: SWIFT_VERSION = 5.0 on the target")
        #expect(try CompiledFiles(folder: app.url.appendingPathComponent("Widgets")).targets == ["CragWidgets"])
        let sources = try AppSources(folder: app.url.appendingPathComponent("Core"))
        #expect(sources.versions.compactMap { $0.schema.version?.description } == ["1.0.0"])
    }
}
