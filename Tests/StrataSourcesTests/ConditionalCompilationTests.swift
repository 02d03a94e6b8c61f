import Foundation
import Strata
import StrataSources
import Testing

/// `#if` read as the app's build compiles it (issue 49, 3): the platform (iOS unless told), `DEBUG` and other custom
/// conditions, in plan getters, schema getters, members and model properties (Fixtures/Corpus/TrailApp).
@Suite struct ConditionalCompilationTests {
    static let trail = FixtureTree.folder("Corpus/TrailApp")

    /// Each version of the plan read for `build`: "2.0.0 Hike(title, distance, …) Waypoint(…)".
    static func versions(_ build: SourceBuild) throws -> [String] {
        let plan = try AppSources(folder: trail, build: build).plan(named: nil)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        return plan.versions.map { version in
            ([version.schema.version?.description ?? "-"]
                + version.schema.entities.map { "\($0.name)(\($0.attributes.map(\.name).joined(separator: ", ")))" })
                .joined(separator: " ")
        }
    }

    @Test func readsTheBranchesAnIOSReleaseBuildCompiles() throws {
        #expect(
            try Self.versions(SourceBuild()) == [
                "1.0.0 Hike(title, distance)",
                "2.0.0 Hike(title, distance, startedAt, photo) Waypoint(latitude, longitude)",
                "3.0.0 Hike(title, distance, startedAt, photo, effort) Waypoint(latitude, longitude)",
            ])
    }

    @Test func readsTheBranchesAWatchBuildCompiles() throws {
        #expect(
            try Self.versions(SourceBuild(platform: .watchos)) == [
                "1.0.0 Hike(title, distance)", "2.0.0 Hike(title, distance, startedAt) Waypoint(latitude, longitude)",
            ])
        let plan = try AppSources(folder: Self.trail, build: SourceBuild(platform: .watchos)).plan(named: nil)
        #expect(plan.stages.map { "\($0.from) -> \($0.to)" } == ["1.0.0 -> 2.0.0"])
    }

    @Test func aDebugBuildAppendsTheDebugModel() throws {
        let read = try Self.versions(SourceBuild(customConditions: ["DEBUG"]))
        #expect(
            read[1] == "2.0.0 Hike(title, distance, startedAt, photo) Waypoint(latitude, longitude) DebugEvent(message)"
        )
    }

    @Test func saysWhichBranchOfEachIfItRead() throws {
        let sources = try AppSources(folder: Self.trail)
        #expect(
            sources.branches.map {
                "\(URL(fileURLWithPath: $0.location.file).lastPathComponent):\($0.location.line) \($0.condition): \($0.chosen)"
            } == [
                "TrailPlan.swift:5 os(watchOS): the #else branch",
                "TrailPlan.swift:13 os(watchOS): the #else branch",
                "TrailPlan.swift:23 !os(watchOS): the #if branch",
                "TrailSchemaV2.swift:9 DEBUG: no branch",
                "TrailSchemaV2.swift:20 os(iOS): the #if branch",
            ])
        #expect(
            sources.branches.first?.description.hasSuffix("#if os(watchOS): the #else branch is read (iOS)") == true)
    }
}

extension ConditionalCompilationTests {
    @Test func theCompiledLevelKeepsTheClausesTheStaticLevelRead() throws {
        let app = CompiledApp(sources: try AppSources(folder: Self.trail))
        let schema = try #require(app.files.first { $0.name == "Schema_TrailSchemaV2.swift" })
        let lines = schema.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        // Lines stay where they were: the directives and the debug-only append are blanked, the iOS property kept.
        #expect(Array(lines[8...11]) == ["", "", "", "return all"])
        #expect(
            Array(lines[19...22]) == ["", "// Only the phone keeps a photo of the trail head.", "var photo: Data?", ""])
        let plan = try #require(app.files.first { $0.name == "Schema_TrailPlan.swift" })
        #expect(!plan.text.contains("#if") && !plan.text.contains("#else") && !plan.text.contains("#endif"))
        #expect(!plan.text.contains("[TrailSchemaV1.self, TrailSchemaV2.self]\n"))
        #expect(plan.text.contains("[TrailSchemaV1.self, TrailSchemaV2.self, TrailSchemaV3.self]"))
    }
}

/// The custom conditions a project sets for its Release build join the platform's (issue 49, 3).
@Suite struct ProjectConditionTests {
    /// A schema whose models list `Trip`, then `Pass` under `#if PRO` and `Log` under `#if VERBOSE_LOG`.
    static let schema = """
        import SwiftData
        enum TripsV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] {
                var all: [any PersistentModel.Type] = [Trip.self]
                #if PRO
                all.append(Pass.self)
                #endif
                #if VERBOSE_LOG
                all.append(Log.self)
                #endif
                return all
            }
            @Model final class Trip { var title: String = "" }
            @Model final class Pass { var code: String = "" }
            @Model final class Log { var line: String = "" }
        }
        enum TripsPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [TripsV1.self] }
            static var stages: [MigrationStage] { [] }
        }
        """

    static func entities(_ folder: URL) throws -> [String] {
        try AppSources(folder: folder).plan(named: nil).versions.first?.schema.entities.map(\.name) ?? []
    }

    @Test func aPackageTargetsDefinesForReleaseAreSet() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Sources/Trips"), withIntermediateDirectories: true)
        try folder.write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Trips",
                targets: [
                    .target(
                        name: "Trips",
                        swiftSettings: [.define("PRO"), .define("VERBOSE_LOG", .when(configuration: .debug))])
                ])
            """)
        try folder.write("Sources/Trips/Schema.swift", Self.schema)
        #expect(try Self.entities(folder.url.appendingPathComponent("Sources/Trips")) == ["Trip", "Pass"])
    }

    @Test func anXcodeTargetsReleaseConditionsAreSetWithThoseItInherits() throws {
        let folder = try TemporaryFolder()
        for path in ["App.xcodeproj", "App"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try folder.write(
            "App.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            { objects = {
                P1 = { isa = PBXProject; mainGroup = G1; targets = (T1); buildConfigurationList = L1; };
                G1 = { isa = PBXGroup; children = (S1); sourceTree = "<group>"; };
                S1 = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                T1 = { isa = PBXNativeTarget; name = App; buildConfigurationList = L2; fileSystemSynchronizedGroups = (S1); };
                L1 = { isa = XCConfigurationList; buildConfigurations = (B1, B3); defaultConfigurationName = Release; };
                L2 = { isa = XCConfigurationList; buildConfigurations = (B2, B4); defaultConfigurationName = Release; };
                B1 = { isa = XCBuildConfiguration; buildSettings = { SWIFT_ACTIVE_COMPILATION_CONDITIONS = PRO; }; name = Release; };
                B2 = { isa = XCBuildConfiguration; buildSettings = { SWIFT_ACTIVE_COMPILATION_CONDITIONS = "$(inherited) STORE"; }; name = Release; };
                B3 = { isa = XCBuildConfiguration; buildSettings = { SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG VERBOSE_LOG"; }; name = Debug; };
                B4 = { isa = XCBuildConfiguration; buildSettings = { SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)"; }; name = Debug; };
            }; rootObject = P1; }
            """)
        try folder.write("App/Schema.swift", Self.schema)
        let files = try CompiledFiles(folder: folder.url.appendingPathComponent("App"))
        #expect(files.compilationConditions == ["PRO", "STORE"])
        #expect(try Self.entities(folder.url.appendingPathComponent("App")) == ["Trip", "Pass"])
    }
}

extension ProjectConditionTests {
    @Test func aVersionIdentifierUnderIfIsReadForThePlatform() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Schema.swift",
            """
            import SwiftData
            enum NotesV1: VersionedSchema {
                static var versionIdentifier: Schema.Version {
                    #if os(macOS)
                    Schema.Version(1, 1, 0)
                    #else
                    Schema.Version(1, 0, 0)
                    #endif
                }
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String = "" }
            }
            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            """)
        let versions = { (build: SourceBuild) in
            try AppSources(folder: folder.url, build: build).plan(named: nil).versions.map {
                $0.schema.version?.description ?? "-"
            }
        }
        #expect(try versions(SourceBuild()) == ["1.0.0"])
        #expect(try versions(SourceBuild(platform: .macos)) == ["1.1.0"])
    }
}
