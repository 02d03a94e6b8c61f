import Foundation
import StrataSources
import Testing

/// Plans written the ways public apps write them, as the compiled level takes them. (Building and running the result
/// is in CompiledSourcesTests.)
@Suite struct PublicStageShapesTests {
    /// Stored `schemas` and `stages` lists, a trailing `didMigrate` closure and struct schemas versioned with
    /// `.init(…)`: both versions and the custom stage are read, and of the file (importing UIKit) only the plan, the
    /// schemas and the typealias are taken, not the picture loader nor its providers.
    @Test func aPlanWithStoredListsAndATrailingClosureIsTakenWithoutItsNeighbours() throws {
        let models = FixtureTree.folder("SlideshowApp").appendingPathComponent("Slideshow/Models")
        let sources = try AppSources(folder: models)
        #expect(sources.versions.compactMap { $0.schema.version?.description } == ["1.0.0", "2.0.0"])
        let app = CompiledApp(sources: sources)
        #expect(app.files.compactMap(\.original).map { URL(fileURLWithPath: $0).lastPathComponent } == ["Slide.swift"])
        let file = try #require(app.files.first { $0.name == "Slide.swift" })
        #expect(file.text.contains("static var albums = [PersistentIdentifier: String]()"))
        #expect(file.text.contains("typealias Slide = SlideSchemaV2.Slide"))
        #expect(file.text.contains("extension MigrationStage: @unchecked @retroactive Sendable {}"))
        #expect(!file.text.contains("SlideLoader") && !file.text.contains("SlideProvider"))
        #expect(app.adaptations.importsDropped.map(\.module) == ["UIKit"])
    }
}
