import Foundation
import StrataSources
import Testing

/// The compiled level takes what the stages, the defaults and the stored properties' types need, member by member:
/// members no one needs that use SwiftUI or other Apple-only types (directly, or through an app type that stores
/// one) are left out and listed, and an extension is taken
/// only beside the declaration it extends. (Building and running the result is in CompiledSourcesTests.)
@Suite struct MemberSelectionTests {
    static let models = FixtureTree.folder("TrainingLogApp").appendingPathComponent("TrainingLog/Sources/Models")

    @Test func membersNoStageNeedsThatUseAppleTypesAreLeftOutAndListed() throws {
        let app = CompiledApp(sources: try AppSources(folder: Self.models))
        #expect(
            app.adaptations.membersDropped.map {
                "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) \($0.member) \($0.uses)"
            } == [
                #"Intensity.swift:10 Intensity.preferredColorScheme ["ColorScheme (SwiftUI)"]"#,
                #"TrainingSchemaV2.swift:25 TrainingSchemaV2.Exercise.color ["Color (SwiftUI)"]"#,
                #"TrainingSchemaV2.swift:28 TrainingSchemaV2.Exercise.theme(…) ["RoutineTheme, which uses Color (SwiftUI)"]"#,
                #"TrainingSchemaV2.swift:31 TrainingSchemaV2.Exercise.chartStyle(…) ["ShapeStyle (SwiftUI)", "Color (SwiftUI)"]"#,
                #"TrainingConstants.swift:9 TrainingConstants.saveFeedback ["SensoryFeedback (SwiftUI)"]"#,
                #"TrainingConstants.swift:11 TrainingConstants.exportType ["UTType (UniformTypeIdentifiers)"]"#,
            ])
        let intensity = try #require(app.files.first { $0.name == "Intensity.swift" })
        let lines = intensity.text.components(separatedBy: "\n")
        #expect(lines[6] == "    var label: String { rawValue.capitalized }") // the stage prints it
        #expect(lines[8...9].allSatisfy { $0.allSatisfy(\.isWhitespace) }) // its doc comment and the member
        #expect(lines[12] == "    static func forLoad(kilograms: Double) -> Intensity {")
        let model = try #require(app.files.first { $0.name == "TrainingSchemaV2.swift" })
        // Every stored property stays; the computed colour and the chart style are blanked line by line.
        for stored in [
            "var loadKilograms: Double = 0", "var intensity: Intensity = Intensity.light", "var tint: String",
        ] {
            #expect(model.text.contains(stored))
        }
        #expect(!model.text.contains("Color") && !model.text.contains("ShapeStyle") && !model.text.contains("theme"))
        #expect(
            model.text.components(separatedBy: "\n").count
                == (try String(
                    contentsOf: Self.models.appendingPathComponent("TrainingSchemaV2.swift"), encoding: .utf8))
                .components(separatedBy: "\n").count)
        let constants = try #require(
            app.files.first { $0.name == "Helper_TrainingLogApp_TrainingLog_Sources_Shared_TrainingConstants.swift" })
        #expect(constants.text.contains(##"static let defaultTint = "#2F80ED""##))
        #expect(!constants.text.contains("SensoryFeedback") && !constants.text.contains("UTType"))
        #expect(
            app.adaptations.textLines.contains(
                "Intensity.preferredColorScheme left out (\(Self.models.path)/Intensity.swift:10): nothing the migration runs uses it, and it uses ColorScheme (SwiftUI)"
            ))
    }

    /// In a file importing EventKit or CloudKit, the names of its prefix are its types (`EKEvent`, `CKRecord`): the
    /// model's calendar and sync members naming them, and the sync protocol's requirements, are left out, the
    /// protocol and the conformance staying; a file importing nothing imports Foundation after its last line.
    @Test func typesOfAnImportedModuleAreKnownByItsPrefixAndProtocolRequirementsGoWithThem() throws {
        let kit = FixtureTree.folder("ListenLaterApp").appendingPathComponent("ListenLaterKit")
        let sources = try AppSources(folder: kit)
        // A stored `Kind.RawValue` is the enum's raw type, as the compiled model stores it.
        let episode = try #require(sources.versions.first?.schema.entitiesByName["Episode"])
        #expect(episode.attribute(named: "kindCode")?.valueType == .string)
        let app = CompiledApp(sources: sources)
        #expect(
            app.adaptations.membersDropped.map { "\($0.member) \($0.uses)" }.sorted() == [
                #"CloudSyncable.apply(…) ["CKRecord (CloudKit)"]"#,
                #"CloudSyncable.makeRecord(…) ["CKRecordZone (CloudKit)", "CKRecord (CloudKit)"]"#,
                #"ListenLaterSchemaV2.Episode.apply(…) ["CKRecord (CloudKit)"]"#,
                #"ListenLaterSchemaV2.Episode.makeRecord(…) ["CKRecordZone (CloudKit)", "CKRecord (CloudKit)"]"#,
                #"ListenLaterSchemaV2.Episode.reminder(…) ["EKEventStore (EventKit)", "EKEvent (EventKit)"]"#,
                #"ListenLaterSchemaV2.Episode.schedule(…) ["EKEvent (EventKit)", "EKEventStore (EventKit)"]"#,
            ])
        let sync = try #require(app.files.first { $0.name == "Sync_CloudSyncable.swift" })
        #expect(sync.text.contains("public protocol CloudSyncable {") && sync.text.contains("var recordName: String"))
        #expect(!sync.text.contains("CKRecord"))
        let defaults = try #require(app.files.first { $0.name == "Extensions_String+Defaults.swift" })
        #expect(defaults.text.hasSuffix("}\n\nimport Foundation\n"))
        #expect(app.adaptations.shims.map(\.name).contains("keyValueStore"))
    }

    @Test func anExtensionOfAHelpersModelIsNotTakenWithoutItsDeclaration() throws {
        let app = CompiledApp(sources: try AppSources(folder: Self.models))
        // The helpers the stage calls, not the live model's file (its extension's `label` shares a name the stage
        // uses, but the model it extends is the views', not taken), nor Color's extension, nor the theme only a
        // left-out method makes, nor the views.
        #expect(
            app.files.map(\.name).filter { $0.hasPrefix("Helper_") } == [
                "Helper_TrainingLogApp_TrainingLog_Sources_Shared_TrainingConstants.swift",
                "Helper_TrainingLogApp_TrainingLog_Sources_Shared_WeightUnit.swift",
            ])
    }

    @Test func anExtensionIsTakenOnceTheDeclarationItExtendsIs() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Plan.swift",
            """
            import SwiftData

            enum V1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item {
                    var name: String
                    init(name: String) { self.name = name }
                }
            }

            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [V1.self] }
                static var stages: [MigrationStage] { [] }
                static func clean(_ text: String) -> String { Cleaner.tidy(text) }
            }

            """)
        try folder.write(
            "Cleaner.swift",
            """
            extension Cleaner {
                static func tidy(_ text: String) -> String { text.trimmed }
            }

            enum Cleaner {}

            extension String {
                var trimmed: String { String(self.drop { $0 == " " }) }
            }

            """)
        let app = CompiledApp(sources: try AppSources(folder: folder.url))
        let cleaner = try #require(app.files.first { $0.name == "Cleaner.swift" })
        // The extension before the declaration is taken with it, and so is the extension of a type Swift declares.
        #expect(cleaner.text.contains("static func tidy(_ text: String) -> String { text.trimmed }"))
        #expect(cleaner.text.contains("enum Cleaner {}"))
        #expect(cleaner.text.contains("var trimmed: String"))
    }
}
