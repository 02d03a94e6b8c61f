import Foundation
import Testing

@testable import StrataSources

/// Tuist targets named by computed values: a target per case of a `CaseIterable` enum (its raw value, or a
/// `switch self` of its names), made by a helper function or a TuistUI-style module type (`typeName`); what only
/// running the manifest gives is named with its place, never guessed.
@Suite struct TuistComputedTargetTests {
    /// The helpers of a mood journal: its feature modules, each a framework a helper function makes.
    private static let helpers = """
        import ProjectDescription

        public enum Feature: String, CaseIterable {
            case journal
            case reminders
            case legacyImport = "LegacyImport"

            /// The framework's name: the older modules kept theirs.
            public var moduleName: String {
                switch self {
                case .journal: "MoodJournal"
                case .reminders: return "MoodReminders"
                default: "Mood\\(rawValue)"
                }
            }
        }

        public func featureTarget(_ feature: Feature) -> Target {
            .target(
                name: feature.moduleName,
                destinations: .iOS,
                product: .framework,
                bundleId: "org.example.mood.\\(feature.rawValue)",
                sources: ["Features/\\(feature.moduleName)/Sources/**"]
            )
        }
        """

    /// `Project.swift` with `targets` as written.
    private static func manifest(_ targets: String) -> String {
        """
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(
            name: "Mood",
            targets: \(targets) + [
                .target(
                    name: "Mood",
                    destinations: .iOS,
                    product: .app,
                    bundleId: "org.example.mood",
                    sources: ["App/**"],
                    dependencies: Feature.allCases.map { .target(name: $0.moduleName) }
                ),
            ]
        )
        """
    }

    /// The mood journal's folder, its `Project.swift` making `targets`.
    private static func moodApp(targets: String) throws -> TemporaryFolder {
        let app = try TemporaryFolder()
        try app.write([
            "Tuist.swift": "import ProjectDescription\n\nlet tuist = Tuist(project: .tuist())\n",
            "Tuist/ProjectDescriptionHelpers/Feature.swift": Self.helpers, "Project.swift": Self.manifest(targets),
            "Features/MoodJournal/Sources/Entry.swift": "struct Entry {}\n",
            "Features/MoodLegacyImport/Sources/Importer.swift": "struct Importer {}\n",
            "App/MoodApp.swift": "struct MoodApp {}\n",
        ])
        return app
    }

    @Test func aTargetPerCaseOfAnEnumMadeByAHelperFunction() throws {
        for targets in [
            "Feature.allCases.map(featureTarget)", "Feature.allCases.map { featureTarget($0) }",
            "Feature.allCases.map { feature in featureTarget(feature) }",
        ] {
            let app = try Self.moodApp(targets: targets)
            let journal = app.url.appendingPathComponent("Features/MoodJournal/Sources")
            let files = try CompiledFiles(folder: journal)
            #expect(files.targets == ["MoodJournal"], "\(targets)")
            #expect(files.unread.isEmpty, "\(targets): \(files.unread)")
            #expect(files.read.map { URL(fileURLWithPath: $0).lastPathComponent } == ["Entry.swift"])
            let legacy = try CompiledFiles(folder: app.url.appendingPathComponent("Features/MoodLegacyImport/Sources"))
            #expect(legacy.targets == ["MoodLegacyImport"], "\(targets)")
            #expect(try CompiledFiles(folder: app.url.appendingPathComponent("App")).targets == ["Mood"])
        }
    }

    @Test func aListOnlyRunningTheManifestGivesIsNamedWithItsPlace() throws {
        let app = try Self.moodApp(targets: "Feature.allCases.filter { $0 != .legacyImport }.map(featureTarget)")
        let files = try CompiledFiles(folder: app.url.appendingPathComponent("Features/MoodJournal/Sources"))
        #expect(
            files.unread == [
                "Project.swift:6 makes targets from `Feature.allCases.filter { $0 != .legacyImport }.map(…)`, which only running the manifest gives"
            ])
        #expect(files.summary.contains("not read without running the generator: Project.swift:6 makes targets from"))
    }

    /// A TuistUI-style manifest: the project is a type's `body`, its target named by the type (`typeName`).
    @Test func aModuleTypesTargetIsNamedByTheType() throws {
        let app = try TemporaryFolder()
        try app.write(
            [
                "Tuist.swift": "import ProjectDescription\n\nlet tuist = Tuist(project: .tuist())\n",
                "Projects/Journal/Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers
                import TuistUI

                let project = Journal().module()

                struct Journal: Module {
                    var body: some Module {
                        Project {
                            Target(
                                name: typeName,
                                destinations: .iOS,
                                product: .framework,
                                bundleId: "org.example.\\(typeName)",
                                sources: ["Sources/**"]
                            )
                        }
                    }
                }
                """,
                "Projects/Journal/Sources/Entry.swift": "struct Entry {}\n",
            ])
        let files = try CompiledFiles(folder: app.url.appendingPathComponent("Projects/Journal/Sources"))
        #expect(files.project == "Project.swift (Tuist)")
        #expect(files.targets == ["Journal"])
        #expect(files.unread.isEmpty)
    }
}
