import Foundation
import Testing

@testable import StrataSources

/// Apps whose Xcode project is generated (Tuist's `Project.swift`, XcodeGen's `project.yml`) hold no `.pbxproj`: their
/// manifests say which files each target compiles, its language mode and conditions, and where the enclosing app is.
@Suite struct GeneratedProjectTests {
    static let training = FixtureTree.folder("TrainingLogApp")
    static let models = training.appendingPathComponent("TrainingLog/Sources/Models")

    @Test func aTuistManifestChoosesTheFilesTheLanguageModeAndTheConditions() throws {
        let files = try CompiledFiles(folder: Self.models)
        #expect(files.project == "Project.swift (Tuist)")
        #expect(files.targets == ["TrainingLog"])
        #expect(
            files.read.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "Intensity.swift", "TrainingMigrationPlan.swift", "TrainingSchemaV1.swift", "TrainingSchemaV2.swift",
            ])
        #expect(files.skipped == [.init(file: "Legacy/TrainingSchemaV1.swift", reason: "not in any target")])
        let plan = try #require(files.read.first { $0.hasSuffix("TrainingMigrationPlan.swift") })
        // The target's 5.0 wins over the project's 6.0.
        #expect(files.languageMode(of: plan).isSwift6 == false)
        #expect(
            files.languageMode(of: plan).decidedBy
                == "target TrainingLog in Project.swift: SWIFT_VERSION = 5.0 on the target")
        #expect(files.compilationConditions == ["HEAVY_LOG"])
        // The enclosing app is the manifest's folder, so the helpers in Shared/ are found.
        #expect(HelperSources.enclosingApp(of: Self.models)?.path == Self.training.resolvingSymlinksInPath().path)
    }

    @Test func theStaticLevelReadsTheTuistAppsPlanWithoutTheLeftOutDraft() throws {
        let sources = try AppSources(folder: Self.models)
        #expect(sources.plans.map(\.name) == ["TrainingMigrationPlan"])
        #expect(sources.versions.compactMap { $0.schema.version?.description } == ["1.0.0", "2.0.0"])
        let first = try #require(sources.versions.first?.schema.entitiesByName["Exercise"])
        #expect(first.attributes.map(\.name).sorted() == ["load", "name", "unitCode"]) // not the draft's `title`
    }

    @Test func aTuistHelperCallNamingATargetAndItsSourcesIsATarget() throws {
        let app = try TemporaryFolder()
        for folder in ["Sources/Data", "Tests", "Tuist"] {
            try FileManager.default.createDirectory(
                at: app.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try app.write(
            "Project.swift",
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.makeModule(
                name: "Ledger",
                product: .staticFramework,
                dependencies: [.project(target: "Core", path: .relativeToRoot("Projects/Core"))],
                sources: ["Sources/**"],
                settings: .settings(base: SettingsDictionary().swiftVersion("6.0"))
            )
            """)
        try app.write("Sources/Data/Entry.swift", "struct Entry {}\n")
        try app.write("Tests/EntryTests.swift", "struct EntryTests {}\n")
        let files = try CompiledFiles(folder: app.url)
        #expect(files.targets == ["Ledger"])
        #expect(files.read.map(files.relativePath) == ["Sources/Data/Entry.swift"])
        let entry = try #require(files.read.first)
        #expect(files.languageMode(of: entry).isSwift6)
        #expect(
            files.languageMode(of: entry).decidedBy
                == "target Ledger in Project.swift: SWIFT_VERSION = 6.0 on the target")
    }

    @Test func anXcodeGenSpecChoosesTheFilesOfItsTargetsSourcePaths() throws {
        let app = try TemporaryFolder()
        let manager = FileManager.default
        for folder in ["Orchard/Data/Archive", "Orchard/Screens", "Tools"] {
            try manager.createDirectory(
                at: app.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try app.write(
            "project.yml",
            """
            name: Orchard
            options:
              bundleIdPrefix: org.example   # the generated project's identifiers
            settings:
              base:
                SWIFT_VERSION: "6.0"
            targets:
              Orchard:
                type: application
                platform: iOS
                sources:
                  - path: Orchard
                    excludes:
                      - "Data/Archive/**"
                  - Shared
                settings:
                  configs:
                    Release:
                      SWIFT_ACTIVE_COMPILATION_CONDITIONS: [ORCHARD_SYNC]
              OrchardTools:
                type: tool
                platform: macOS
                sources: Tools
                settings:
                  base:
                    SWIFT_VERSION: 5.10
            """)
        try app.write("Orchard/Data/Tree.swift", "struct Tree {}\n")
        try app.write("Orchard/Data/Archive/OldTree.swift", "struct Tree {}\n")
        try app.write("Orchard/Screens/TreeList.swift", "struct TreeList {}\n")
        try app.write("Tools/Prune.swift", "struct Prune {}\n")
        try app.write("Loose.swift", "struct Loose {}\n")

        let files = try CompiledFiles(folder: app.url)
        #expect(files.project == "project.yml (XcodeGen)")
        #expect(
            files.read.map(files.relativePath).sorted() == [
                "Orchard/Data/Tree.swift", "Orchard/Screens/TreeList.swift", "Tools/Prune.swift",
            ])
        #expect(
            files.skipped == [
                .init(file: "Loose.swift", reason: "not in any target"),
                .init(file: "Orchard/Data/Archive/OldTree.swift", reason: "not in any target"),
            ])
        #expect(files.targets == ["Orchard", "OrchardTools"])
        let tree = try #require(files.read.first { $0.hasSuffix("Orchard/Data/Tree.swift") })
        let prune = try #require(files.read.first { $0.hasSuffix("Tools/Prune.swift") })
        #expect(files.languageMode(of: tree).isSwift6)
        #expect(
            files.languageMode(of: tree).decidedBy
                == "target Orchard in project.yml: SWIFT_VERSION = 6.0 on the project, not set on the target")
        #expect(files.languageMode(of: prune).isSwift6 == false)
        #expect(files.compilationConditions == ["ORCHARD_SYNC"])
        // A folder inside the app finds the spec's folder as its enclosing app.
        #expect(
            HelperSources.enclosingApp(of: app.url.appendingPathComponent("Orchard/Data"))?.path
                == app.url.resolvingSymlinksInPath().path)
    }

    @Test func anXcodeGenTargetMadeFromAnIncludedTemplateCompilesItsFolder() throws {
        let app = FixtureTree.folder("HabitTrackerApp")
        let files = try CompiledFiles(folder: app.appendingPathComponent("HabitTracker/Models"))
        #expect(files.project == "project.yml (XcodeGen)")
        #expect(files.targets == ["HabitTracker"])
        #expect(files.unread.isEmpty)
        #expect(
            files.read.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "HabitMigrationPlan.swift", "HabitSchemaV1.swift", "HabitSchemaV2.swift",
            ])
        let plan = try #require(files.read.first)
        #expect(
            files.languageMode(of: plan).decidedBy
                == "target HabitTracker in project.yml: SWIFT_VERSION = 5.0 on the project, not set on the target")
    }

    @Test func whatAnXcodeGenSpecLeavesToXcodeGenIsNamed() throws {
        let app = try TemporaryFolder()
        let manager = FileManager.default
        for folder in ["Specs", "Kiln/Models", "Glaze"] {
            try manager.createDirectory(at: app.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try app.write(
            "project.yml",
            """
            name: Kiln
            include:
              - Specs/base.yml
              - Specs/signing.yml
            targets:
              Kiln:
                sources:REPLACE:
                  - Kiln
              Glaze:
                type: framework
                platform: iOS
                sources: ["${GLAZE_ROOT}/Sources"]
            """)
        try app.write(
            "Specs/base.yml",
            """
            settings:
              base:
                SWIFT_VERSION: "6.0"
            targets:
              Kiln:
                type: application
                platform: iOS
                sources: [../Legacy]
            """)
        try app.write("Kiln/Models/Firing.swift", "struct Firing {}\n")
        try app.write("Glaze/Glaze.swift", "struct Glaze {}\n")
        let files = try CompiledFiles(folder: app.url)
        // The including spec replaces the included target's sources; its settings are the included spec's.
        #expect(files.read.map(files.relativePath) == ["Kiln/Models/Firing.swift"])
        #expect(files.languageMode(of: try #require(files.read.first)).isSwift6)
        #expect(
            files.unread == [
                "project.yml includes Specs/signing.yml, which cannot be read",
                "target Glaze in project.yml has the source path ${GLAZE_ROOT}/Sources, which XcodeGen completes",
            ])
        #expect(
            files.summary.contains(
                "not read without running the generator: project.yml includes Specs/signing.yml, which cannot be read; target Glaze"
            ))
    }

    @Test func aTuistTargetMadeByAHelperFunctionIsReadThroughIt() throws {
        let app = try TemporaryFolder()
        for folder in [
            "Tuist/ProjectDescriptionHelpers", "Targets/Pottery/Sources/Models", "Targets/PotteryKit/Sources",
        ] {
            try FileManager.default.createDirectory(
                at: app.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try app.write(
            "Project.swift",
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.app(name: "Pottery", destinations: .iOS, extraTargets: ["PotteryKit"])
            """)
        try app.write(
            "Tuist/ProjectDescriptionHelpers/Project+Templates.swift",
            """
            import ProjectDescription

            extension Project {
                /// The app, its tests, and a framework for each extra target.
                public static func app(name: String, destinations: Destinations, extraTargets: [String]) -> Project {
                    let frameworks = extraTargets.map { makeFramework(named: $0, destinations: destinations) }
                    return Project(name: name, targets: appTargets(name: name, destinations: destinations) + frameworks)
                }

                private static func appTargets(name: String, destinations: Destinations) -> [Target] {
                    let app = Target.target(
                        name: name,
                        destinations: destinations,
                        product: .app,
                        bundleId: "org.example.\\(name)",
                        sources: ["Targets/\\(name)/Sources/**"],
                        settings: .settings(base: ["SWIFT_VERSION": "6.0"])
                    )
                    return [app]
                }

                private static func makeFramework(named framework: String, destinations: Destinations) -> Target {
                    .target(name: framework, destinations: destinations, product: .framework, bundleId: "org.example.kit",
                            sources: ["Targets/\\(framework)/Sources/**"])
                }
            }
            """)
        try app.write("Targets/Pottery/Sources/Models/Vase.swift", "struct Vase {}\n")
        try app.write("Targets/PotteryKit/Sources/Wheel.swift", "struct Wheel {}\n")
        let files = try CompiledFiles(folder: app.url.appendingPathComponent("Targets/Pottery/Sources"))
        #expect(files.project == "Project.swift (Tuist)")
        #expect(files.targets == ["Pottery"])
        let vase = try #require(files.read.first)
        #expect(files.languageMode(of: vase).isSwift6)
        // The frameworks come from a map over the list the manifest passes: one target for each of its strings.
        #expect(files.unread.isEmpty)
        let kit = try CompiledFiles(folder: app.url.appendingPathComponent("Targets/PotteryKit/Sources"))
        #expect(kit.targets == ["PotteryKit"])
        #expect(kit.read.map { URL(fileURLWithPath: $0).lastPathComponent } == ["Wheel.swift"])
    }
}
