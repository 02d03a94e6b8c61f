import Foundation
import StrataSources
import Testing

/// The reach holds member by member in every file, not only in those importing a module Linux lacks: a helper's
/// method or an extension's member in a file importing only Foundation that nothing the migration runs calls keeps only
/// its signature when its body names what the build does not take (a settings store using SwiftUI's `@AppStorage`,
/// which no list of names holds), so that store is not taken for it; and an observer of a persisted property calling
/// an API Strata does not know is emptied. (Building and running the result is in CompiledSourcesTests.)
@Suite struct PlainFileReachTests {
    static let library = FixtureTree.folder("ReadingLogApp").appendingPathComponent("Modules/Library/Sources")

    @Test func unreachedBodiesInPlainFilesDoNotTakeWhatTheyName() throws {
        let app = CompiledApp(sources: try AppSources(folder: Self.library))
        #expect(
            StageReachTests.described(app.adaptations.membersStubbed) == [
                #"Book+Finishing.swift:10 BookSchemaV2.Book.markFinished(…) ["ShelfSettings, which the build does not take"]"#,
                #"ReadingPace.swift:17 ReadingPace.goalProgress(…) ["ShelfSettings, which the build does not take"]"#,
            ])
        #expect(app.adaptations.membersDropped.isEmpty)
        #expect(
            StageReachTests.described(app.adaptations.observersEmptied) == [
                #"BookSchemaV2.swift:16 BookSchemaV2.Book.shelfNote (didSet) ["ControlCenter, which the app does not declare (its file imports WidgetKit)"]"#
            ])
        // The settings store only the unreached bodies name is not taken; the pace the stage's extension member
        // calls is, whole but for the goal.
        #expect(
            app.files.compactMap(\.original).map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() == [
                "Book+Finishing.swift", "BookMigrationPlan.swift", "BookSchemaV1.swift", "BookSchemaV2.swift",
                "ReadingPace.swift",
            ])
        let pace = try #require(app.files.first { $0.name == "Support_ReadingPace.swift" })
        let lines = pace.text.components(separatedBy: "\n")
        #expect(lines[10] == #"        case 10..<30: return "steady (\(perDay) pages a day)""#)
        #expect(
            lines[16].hasPrefix(
                #"    public static func goalProgress(pagesToday: Int) -> Double { fatalError("strata: the body of ReadingPace.goalProgress(…) was left out of the compiled build (it uses ShelfSettings, which the build does not take)"#
            ), "\(lines[16])")
        #expect(!pace.text.contains("ShelfSettings.shared"))
        let model = try #require(app.files.first { $0.name == "Models_BookSchemaV2.swift" })
        #expect(!model.text.contains("ControlCenter"))
        #expect(
            app.adaptations.textLines.contains(
                "BookSchemaV2.Book.markFinished(…) keeps its signature, its body stops with a message (\(Self.library.path)/Support/Book+Finishing.swift:10): nothing the migration runs was found to call it, and it uses ShelfSettings, which the build does not take"
            ))
    }

    /// The folder's files are those of the `Library` framework, whose target `Project.swift` makes for each case of
    /// the helpers' `Module` enum (`Module.allCases.map(\.target)`).
    @Test func theFolderIsTheFrameworkTheModuleEnumMakes() throws {
        let files = try CompiledFiles(folder: Self.library)
        #expect(files.project == "Project.swift (Tuist)")
        #expect(files.targets == ["Library"])
        #expect(files.unread.isEmpty)
        #expect(files.read.count == 6)
    }
}
