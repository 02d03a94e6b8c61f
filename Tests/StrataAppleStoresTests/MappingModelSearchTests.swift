import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import Testing

/// Where mapping models are found: apps keep them in a folder of their own beside the model (`Migrations/V3toV4/`),
/// inside the Xcode project, not inside the `.xcdatamodeld` (docs/APPLE_STORES.md, "Mapping models").
struct MappingModelSearchTests {
    /// An app's folder: `App.xcodeproj`, `App/Model/Tasks.xcdatamodeld` (the Tasks fixture) and, when `migrations`,
    /// `App/Migrations/V3toV4/PriorityAsText.xcmappingmodel` beside another model's mapping model.
    private func app(migrations: Bool, in folder: ModelFolder) throws -> URL {
        let fileManager = FileManager.default
        let root = folder.url.appendingPathComponent("App")
        try fileManager.createDirectory(
            at: root.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        let model = root.appendingPathComponent("App/Model/Tasks.xcdatamodeld")
        try fileManager.createDirectory(at: model.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fileManager.copyItem(at: ModelBundleFixtures.tasks, to: model)
        if migrations {
            let mapping = ModelBundleFixtures.tasks.deletingLastPathComponent().appendingPathComponent(
                "PriorityAsText.xcmappingmodel")
            let step = root.appendingPathComponent("App/Migrations/V3toV4")
            try fileManager.createDirectory(at: step, withIntermediateDirectories: true)
            try fileManager.copyItem(at: mapping, to: step.appendingPathComponent("PriorityAsText.xcmappingmodel"))
            // Another model's mapping model, whose versions happen to share the names: left out, said.
            let other = root.appendingPathComponent("App/Migrations/Other/OtherV3toV4.xcmappingmodel")
            try fileManager.createDirectory(at: other, withIntermediateDirectories: true)
            let text = try String(
                contentsOf: step.appendingPathComponent("PriorityAsText.xcmappingmodel/xcmapping.xml"), encoding: .utf8
            ).replacingOccurrences(of: "Tasks/Tasks.xcdatamodeld", with: "Other/Other.xcdatamodeld")
            try Data(text.utf8).write(to: other.appendingPathComponent("xcmapping.xml"))
        }
        return model
    }

    @Test func mappingModelsInAFolderOfTheirOwnInTheProjectAreFound() throws {
        let folder = try ModelFolder()
        let bundle = try ModelBundle(url: try app(migrations: true, in: folder))
        #expect(bundle.mappingModels.map(\.name) == ["PriorityAsText"])
        #expect(bundle.mappingSearch.map(\.reason) == ["the bundle", "the enclosing project"])
        #expect(bundle.mappingSearch.last?.folder.lastPathComponent == "App")
        #expect(bundle.mappingNotes.count == 1)
        #expect(bundle.mappingNotes.first?.contains("maps versions of Other, not of Tasks") == true)
        let plan = ModelBundlePlan(bundle: bundle, progressive: true)
        #expect(CoreDataStep(plan: plan, from: 2, to: 3).mapping?.name == "PriorityAsText")
    }

    @Test func withoutOneTheTypeChangeIsCoreDatas134140AndMappingsFolderAddsIt() throws {
        let folder = try ModelFolder()
        let model = try app(migrations: false, in: folder)
        let bundle = try ModelBundle(url: model)
        #expect(bundle.mappingModels.isEmpty)
        #expect(CoreDataPath(plan: ModelBundlePlan(bundle: bundle, progressive: true), from: 2, to: 3).blocked != nil)
        let elsewhere = try ModelFolder()
        try FileManager.default.copyItem(
            at: ModelBundleFixtures.tasks.deletingLastPathComponent().appendingPathComponent(
                "PriorityAsText.xcmappingmodel"),
            to: elsewhere.url.appendingPathComponent("PriorityAsText.xcmappingmodel"))
        let given = try ModelBundle(url: model, mappings: [elsewhere.url])
        #expect(given.mappingModels.map(\.name) == ["PriorityAsText"])
        #expect(given.mappingSearch.last?.reason == "--mappings")
        #expect(throws: ModelBundleError.self) {
            try ModelBundle(url: model, mappings: [elsewhere.url.appendingPathComponent("missing")])
        }
    }
}
