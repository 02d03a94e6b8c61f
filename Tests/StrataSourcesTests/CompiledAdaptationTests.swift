import Foundation
import Strata
import StrataSources
import Testing

/// How the compiled level takes real apps' code as it is, without building it: imports of modules Linux lacks
/// dropped and listed, declarations the source folder lacks taken from the enclosing app or a folder named with a
/// repeated `--sources` (only those needed), the shims the code calls for, and compiler errors in a file whose
/// Apple import was dropped naming the module. (Building and running is CompiledSourcesTests, in the compiled suite.)
@Suite struct CompiledAdaptationTests {
    static let garden = FixtureTree.folder("GardenApp")

    @Test func takesWhatTheFolderLacksFromTheEnclosingPackageTargetAndSaysWhatWasAdapted() throws {
        let data = Self.garden.appendingPathComponent("Sources/Garden/Data")
        let app = CompiledApp(sources: try AppSources(folder: data))
        #expect(
            app.files.map(\.name) == [
                "GardenMigrationPlan.swift", "GardenSchemaV1.swift", "GardenSchemaV2.swift",
                "Helper_Garden_Shared_PendingWatering.swift", "Helper_Garden_Shared_PlantKind.swift",
                "StrataShim_output.swift", "StrataShim_logging.swift", "StrataShim_folders.swift",
                "StrataShim_combine.swift", "StrataCompiledEntry.swift",
            ]) // not the App struct, the views, nor PlantKind's extension beside the views
        let adaptations = app.adaptations
        #expect(
            adaptations.importsDropped.map {
                "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) \($0.module)"
            }
                == [
                    "GardenMigrationPlan.swift:2 OSLog", "GardenSchemaV1.swift:1 CloudKit",
                    "GardenSchemaV2.swift:1 Combine",
                ])
        #expect(
            adaptations.helpersAdded
                == ["PendingWatering.swift", "PlantKind.swift"].map {
                    Self.garden.appendingPathComponent("Sources/Garden/Shared/\($0)").path
                })
        #expect(adaptations.shims.map(\.name) == ["output", "logging", "folders", "combine"])
        let model = try #require(app.files.first { $0.name == "GardenSchemaV1.swift" })
        #expect(
            model.text.components(separatedBy: "\n").prefix(3) == [
                "import Strata", "import Foundation", "import Strata",
            ])
        let entry = try #require(app.files.last)
        #expect(entry.text.contains(#"compiledAdaptations: "{\"attributesDropped\":[],\"helpersAdded\":["#))
        #expect(
            adaptations.textLines.first
                == "import OSLog dropped (\(data.path)/GardenMigrationPlan.swift:2): Linux has no OSLog")
    }

    /// The static level reads the enum beside the views too: `kind` is stored as PlantKind's raw String, its default
    /// `PlantKind.herb` as "herb" (the enum's case name, its raw value), as the compiled level builds it.
    @Test func theStaticLevelLooksNamesUpInTheEnclosingApp() throws {
        let sources = try AppSources(folder: Self.garden.appendingPathComponent("Sources/Garden/Data"))
        #expect(sources.helpers.roots.map(\.lastPathComponent) == ["Garden"])
        let schema = try #require(sources.versions.first { $0.schema.version == Schema.Version(2, 0, 0) }?.schema)
        let kind = try #require(schema.entitiesByName["Plant"]?.attributes.first { $0.name == "kind" })
        #expect(kind.valueType == .rawRepresentable(typeName: "PlantKind", raw: .string))
        #expect(schema.storedDefault("Plant", "kind") == .text("herb"))
        // Plans and versions are the folder's own: the views and the App struct add none.
        #expect(sources.versions.count == 2)
        #expect(sources.plans.map(\.name) == ["GardenMigrationPlan"])
    }

    @Test func theEnclosingAppIsThePackageTargetOrTheXcodeProjectFolder() throws {
        let target = Self.garden.appendingPathComponent("Sources/Garden")
        #expect(HelperSources.enclosingApp(of: target.appendingPathComponent("Data")) == target)
        #expect(HelperSources.enclosingApp(of: target) == nil) // the target itself: nothing outside it
        // A folder of a package that is not in its Sources/ (these fixtures, in Strata's own Tests/) has none.
        #expect(HelperSources.enclosingApp(of: FixtureTree.folder("RecipesApp")) == nil)

        let project = try TemporaryFolder()
        let models = project.url.appendingPathComponent("Birdwatch/Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: project.url.appendingPathComponent("Birdwatch.xcodeproj"), withIntermediateDirectories: true)
        #expect(HelperSources.enclosingApp(of: models)?.path == project.url.resolvingSymlinksInPath().path)
    }

    @Test func aFolderNamedWithARepeatedSourcesSuppliesOnlyTheDeclarationsNeeded() throws {
        let app = try TemporaryFolder()
        try app.write(
            "Schema.swift",
            """
            import SwiftData

            enum BirdsV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Sighting.self] }
                @Model final class Sighting {
                    var species: String
                    var confidence: Confidence
                    init(species: String, confidence: Confidence) {
                        self.species = species
                        self.confidence = confidence
                    }
                }
            }

            enum BirdsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [BirdsV1.self] }
                static var stages: [MigrationStage] { [] }
                static func tidy(_ context: ModelContext) throws { try context.save() }
            }

            """)
        let shared = try TemporaryFolder()
        try shared.write(
            "Confidence.swift",
            """
            import SwiftUI

            enum Confidence: String, Codable { case heard, seen, photographed }

            extension Confidence {
                var tint: Color { self == .photographed ? .green : .gray }
            }

            """)
        // `save` is only ever called as a member here, so this free function is not pulled in.
        try shared.write("Persistence.swift", "import UIKit\n\nfunc save() { UIApplication.shared.endEditing() }\n")
        let sources = try AppSources(folder: app.url)
        let alone = CompiledApp(sources: sources)
        #expect(alone.adaptations.helpersAdded.isEmpty)
        let withShared = try AppSources(folder: app.url, helperFolders: [shared.url])
        let helped = CompiledApp(sources: withShared)
        #expect(
            helped.adaptations.helpersAdded == [
                shared.url.resolvingSymlinksInPath().appendingPathComponent("Confidence.swift").path
            ])
        let copy = try #require(helped.files.first { $0.name.hasSuffix("Confidence.swift") })
        #expect(copy.text.contains("enum Confidence: String, Codable"))
        #expect(!copy.text.contains("Color")) // the SwiftUI-only extension is blanked
        #expect(helped.adaptations.importsDropped.map(\.module) == ["SwiftUI"])
        // The static level looks the enum up there too: a raw-value enum stored as its raw value, as the compiled
        // level stores it, and not a JSON value of an unknown type.
        let confidence = { (sources: AppSources) in
            sources.versions.first?.schema.entitiesByName["Sighting"]?.attributes.first { $0.name == "confidence" }?
                .valueType
        }
        #expect(confidence(sources) == .codable(typeName: "Confidence"))
        #expect(confidence(withShared) == .rawRepresentable(typeName: "Confidence", raw: .string))
        #expect(throws: SourceReadingError.self) {
            try AppSources(folder: app.url, helperFolders: [shared.url.appendingPathComponent("missing")])
        }
    }

    @Test func aSymbolMissingWhereAnAppleImportWasDroppedNamesTheModule() throws {
        let sketch = FixtureTree.folder("SketchApp")
        let app = CompiledApp(sources: try AppSources(folder: sketch))
        #expect(app.adaptations.importsDropped.map(\.module) == ["PencilKit"])
        #expect(app.adaptations.shims.isEmpty)
        let copies = URL(fileURLWithPath: "/cache/strata/apps/Sources").appendingPathComponent(app.target)
        let log = """
            \(copies.path)/Migration_SketchMigrationPlan.swift:24:34: error: cannot find 'PKDrawing' in scope
            \(copies.path)/Models_SketchSchemas.swift:8:5: error: some other failure
            """
        let problems = BuildProblem.parse(log, app: app, folder: copies)
        #expect(
            problems.map(\.description) == [
                "\(sketch.path)/Migration/SketchMigrationPlan.swift:24:34: error: StrokeCounter.strokes: cannot find 'PKDrawing' in scope (the file imports PencilKit, which Linux lacks) (the migration reaches it: SketchMigrationPlan → StrokeCounter.strokes(…))",
                "\(sketch.path)/Models/SketchSchemas.swift:8:5: error: SketchSchemaV1.Sketch: some other failure",
            ])
    }

    /// The older logging (`os_log` with a C-style format, `OSLog(subsystem:category:)`, `OSLogType`) comes with the
    /// logging shim, whose declarations are public: the app's `public static let migration = OSLog(…)` compiles.
    @Test func osLogIsShimmedAndItsTypesArePublic() throws {
        let birds = FixtureTree.folder("BirdLogApp/Models")
        let app = CompiledApp(sources: try AppSources(folder: birds))
        #expect(app.adaptations.shims.map(\.name) == ["logging"])
        #expect(
            app.adaptations.shims.first?.provides
                == "os.Logger, OSLog and os_log, whose messages are shown in the migration's log")
        let shim = try #require(app.files.first { $0.name == "StrataShim_logging.swift" })
        for declaration in [
            "public struct OSLog: Sendable", "public struct OSLogType: Equatable, Sendable",
            "public static let `default` = OSLog(", "public static let fault = OSLogType(",
            "public init(subsystem: String, category: String)", "public struct Logger: Sendable",
            "public func os_log(\n    _ message: StaticString", "public func os_log(\n    _ type: OSLogType",
        ] {
            #expect(shim.text.contains(declaration), "\(declaration)")
        }
        // The app's extension of OSLog is taken though the stage writes only `log: .migration`.
        let plan = try #require(app.files.first { $0.name == "BirdLogMigrationPlan.swift" })
        #expect(plan.text.contains("extension OSLog {"))
        #expect(plan.text.contains("public static let migration = OSLog(subsystem: \"com.example.birdlog\""))
        // Every declaration of every shim is public (or private to its file), so the app's public ones may use them.
        let garden = CompiledApp(
            sources: try AppSources(folder: Self.garden.appendingPathComponent("Sources/Garden/Data")))
        let shims = garden.files.filter { $0.name.hasPrefix("StrataShim_") }
        #expect(shims.count == 4)
        for shim in shims {
            let lines = shim.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let bare = lines.filter { line in
                ["struct ", "enum ", "final class ", "protocol ", "func ", "static let ", "static var ", "init("]
                    .contains { line.hasPrefix($0) }
            }
            #expect(bare.isEmpty, "\(shim.name): \(bare)")
        }
    }

    /// `@Generable` and `@Guide` (FoundationModels) are blanked where FoundationModels' import was dropped, in place,
    /// and listed; a file whose SwiftUI import is dropped imports Observation instead, for its `@Observable` class.
    @Test func appleOnlyAttributesAreDroppedAndObservationStaysImported() throws {
        let birds = FixtureTree.folder("BirdLogApp/Models")
        let app = CompiledApp(sources: try AppSources(folder: birds))
        let adaptations = app.adaptations
        #expect(
            adaptations.importsDropped.map {
                "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) \($0.module)"
            }
                == [
                    "BirdLogMigrationPlan.swift:3 os", "BirdLogSchemaV2.swift:2 FoundationModels",
                    "MigrationProgress.swift:1 SwiftUI",
                ])
        #expect(
            adaptations.attributesDropped.map { "\($0.line) @\($0.attribute) \($0.module)" } == [
                "6 @Generable FoundationModels", "12 @Generable FoundationModels", "14 @Guide FoundationModels",
            ])
        #expect(
            adaptations.textLines.contains(
                "@Generable dropped (\(birds.path)/BirdLogSchemaV2.swift:6): Linux has no FoundationModels"))
        let schema = try #require(app.files.first { $0.name == "BirdLogSchemaV2.swift" })
        let lines = schema.text.components(separatedBy: "\n")
        #expect(!schema.text.contains("@Generable") && !schema.text.contains("@Guide"))
        #expect(lines[1] == "import Strata")
        #expect(lines[5].trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(lines[6] == "enum Sky: String, Codable, CaseIterable {") // still on its line
        #expect(lines[14].hasPrefix("    var syllables: String"))
        let progress = try #require(app.files.first { $0.name == "MigrationProgress.swift" })
        #expect(progress.text.hasPrefix("import Strata; import Observation\n"))
        #expect(progress.text.contains("@Observable\nfinal class MigrationProgress"))
        // The static level reads the generable enum as it is: stored as its raw String.
        let sources = try AppSources(folder: birds)
        let v2 = try #require(sources.versions.first { $0.schema.version == Schema.Version(2, 0, 0) }?.schema)
        #expect(
            v2.entitiesByName["Sighting"]?.attributes.first { $0.name == "sky" }?.valueType
                == .rawRepresentable(typeName: "Sky", raw: .string))
    }
}
