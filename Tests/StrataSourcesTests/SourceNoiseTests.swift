import Foundation
import Strata
import StrataSources
import Testing

/// What is no change and no error (issue 49, 5): `= nil` on an optional against no default, one enum case written
/// through two type paths, a type declared twice that no plan depends on.
@Suite struct SourceNoiseTests {
    /// The plan of `v1` and `v2` (bodies of two versions' `Clip` models) with `Kind` declared at the top level and
    /// in `Legacy`, of one raw value per case.
    static func diff(v1: String, v2: String) throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write(
            "Clips.swift",
            """
            import Foundation
            import SwiftData

            enum Kind: String, Codable { case video, audio }
            enum Legacy { typealias Kind = ClipKit.Kind }
            enum ClipKit { enum Kind: String, Codable { case video, audio } }

            enum ClipsV1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Clip.self] }
                @Model final class Clip { \(v1); init() {} }
            }

            enum ClipsV2: VersionedSchema {
                static let versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Clip.self] }
                @Model final class Clip { var title: String = ""; \(v2); init() {} }
            }

            enum ClipsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [ClipsV1.self, ClipsV2.self] }
                static var stages: [MigrationStage] { [.lightweight(fromVersion: ClipsV1.self, toVersion: ClipsV2.self)] }
            }
            """)
        let plan = try AppSources(folder: folder.url).plan(named: nil)
        #expect(plan.problems.isEmpty, "\(plan.problems)")
        return try plan.validated().stages[0].diff.changes.map(\.description)
    }

    @Test func nilAndNoDefaultOfAnOptionalAreTheSame() throws {
        #expect(
            try Self.diff(v1: "var at: Date? = nil", v2: "var at: Date?") == [
                "Clip.title added (String, required, default \"\")"
            ])
        #expect(
            try Self.diff(v1: "var at: Date?", v2: "var at: Date? = nil") == [
                "Clip.title added (String, required, default \"\")"
            ])
        #expect(
            try Self.diff(v1: "var at: Date? = nil", v2: "var at: Date? = Date.now") == [
                "Clip.title added (String, required, default \"\")",
                "Clip.at default changed from nil to Date.now",
            ])
    }

    @Test func oneEnumCaseThroughAnotherTypePathIsNoChange() throws {
        #expect(
            try Self.diff(v1: "var kind: Legacy.Kind = Legacy.Kind.video", v2: "var kind: Kind = Kind.video") == [
                "Clip.title added (String, required, default \"\")"
            ])
        #expect(
            try Self.diff(v1: "var kind: Legacy.Kind = .video", v2: "var kind: Kind = Kind.audio") == [
                "Clip.title added (String, required, default \"\")",
                "Clip.kind default changed from .video to Kind.audio",
            ])
    }

    @Test func aTypeDeclaredTwiceThatNoPlanUsesIsAWarningAndOneAModelUsesAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Schema.swift",
            """
            import SwiftData

            enum NotesV1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var style: Style = Style(); init() {} }
            }

            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            """)
        try folder.write("Style.swift", "struct Palette {}\nstruct Style: Codable { var bold = false }\n")
        try folder.write("Style copy.swift", "struct Palette {}\nstruct Style: Codable { var bold = false }\n")
        let sources = try AppSources(folder: folder.url)
        // The copy is read first (path order): both problems are at Style.swift.
        #expect(
            sources.redeclarations.map { "\($0.location.line) \($0.severity) \($0.message.prefix { $0 != "," })" } == [
                "1 warning Palette is declared twice", "2 error Style is declared twice",
            ])
        #expect(sources.redeclarations[0].message.hasSuffix("(no plan, schema or model uses it, so reading goes on)"))
        let lint = SourceLint(plan: try sources.plan(named: nil), sources: sources).findings()
        #expect(lint.filter { $0.severity == "error" }.count == 1)
    }
}
