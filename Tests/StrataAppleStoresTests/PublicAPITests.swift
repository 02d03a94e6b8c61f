import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import Testing

/// StrataAppleStores as an app that links the product uses it: `import StrataAppleStores` without `@testable`, on
/// stores the app's users wrote and on the app's Core Data model; expected values come from the fixtures' rows and
/// model files. This target also sees `package` symbols; Examples/CustomPlans' `store-report`, built from outside the
/// package by CI, is what fails when a symbol an app needs stops being public.
@Suite
struct PublicAPITests {
    /// A store copied from a device (swiftdata-resourcesmanager: 5 components, 4 recipes, 7 items, most rows in the
    /// -wal): detected, opened, its model and rows read, and imported into a Strata store.
    @Test func readingAndImportingADeviceStore() throws {
        let folder = try ModelFolder()
        let url = folder.url.appendingPathComponent("default.store")
        try AppleStoreFixtures.copy("swiftdata-resourcesmanager", "default.store", to: url.path)

        #expect(try StoreFormat.detect(at: url) == .apple)
        let opened = try OpenedStore.open(url)
        #expect(opened.format == .apple && opened.url == url && opened.strataFile == nil)

        let store = try AppleStore(url: url)
        #expect(store.metadata.versionIdentifiers == ["1.0.0"])
        #expect(store.defaultVersion == Schema.Version(1, 0, 0))
        let item = try #require(store.model.entity(named: "Item"))
        #expect(item.attributes.map(\.name) == ["name"])
        #expect(item.attributes.first?.kind == .string)
        #expect(item.relationships.map(\.destination) == ["CraftingRecipe"])
        #expect(try store.rowCount(of: "Item") == 7)

        let axes = try store.rows(of: "Item", filters: RowFilter.parseLine("name~axe"))
        #expect(axes.columns == ["Z_PK", "name", "craftingRecipe"])
        #expect(axes.total == 1)
        #expect(
            axes.rows == [
                [.integer(1), .text("Stone Axe"), .reference(AppleObjectReference(entity: "CraftingRecipe", key: 1))]
            ])
        #expect(throws: AppleStoreError.self) { try store.rows(of: "Spaceship") }

        let imported = folder.url.appendingPathComponent("Imported.store")
        let report = try AppleStoreImport.run(from: url, to: imported)
        #expect(
            Dictionary(uniqueKeysWithValues: report.rows.map { ($0.entity, $0.rows) })
                == ["Component": 5, "CraftingRecipe": 4, "Item": 7])
        #expect(try StoreFormat.detect(at: imported) == .strata)
    }

    /// A SwiftData store written at the app's first version (swiftdata-freezeray `App-1_0_0.sqlite`, no rows) checked
    /// against the app's plan (1.0.0, 2.0.0, 3.0.0): it is at 1.0.0, and the plan's two stages lie ahead of it.
    @Test func aDeviceStoreAgainstTheAppsPlan() throws {
        let folder = try ModelFolder()
        let url = folder.url.appendingPathComponent("App.sqlite")
        try AppleStoreFixtures.copy("swiftdata-freezeray", "App-1_0_0.sqlite", to: url.path)
        let plan = try ValidatedPlan(FreezeRayPlan.self)

        let match = PlanStanding(store: try AppleStore(url: url), versions: plan.schemas)
        #expect(match.equalVersion?.version == Schema.Version(1, 0, 0) && match.closestDifferences.isEmpty)

        let planned = try OpenedStore.open(url).imported(at: plan)
        defer { planned.remove() }
        guard case .imported(let privateImport) = planned else {
            Issue.record("the store was not imported privately")
            return
        }
        #expect(privateImport.source == url && privateImport.version.version == Schema.Version(1, 0, 0))
        let strataFile = try #require(planned.strataFile)
        #expect(strataFile != url && FileManager.default.fileExists(atPath: strataFile.path))
        let migrator = try planned.migratorOnPrivateCopy(validated: plan)
        #expect(migrator.pending.map(\.to.version) == [Schema.Version(2, 0, 0), Schema.Version(3, 0, 0)])
        planned.remove()
        #expect(!FileManager.default.fileExists(atPath: strataFile.path))
    }

    /// The app's Core Data model (CoreDataStack's real `TestModel` and a `TestModel 2` that makes `Book.title`
    /// required without a default) and a store at `TestModel` holding a book without a title (book 2): Core Data
    /// infers the step and then stops on that row with 134110.
    @Test func theAppsCoreDataModelAndAStoreItWrote() throws {
        let folder = try ModelFolder()
        let bundle = try ModelBundle(url: try BookshelfStore.stricterModel(in: folder.url))
        #expect(bundle.versions.map(\.name) == ["TestModel", "TestModel 2"])
        #expect(bundle.current == "TestModel 2" && bundle.mappingModels.isEmpty)
        let title = { (version: Int) in
            bundle.versions[version].entity(named: "Book")?.attributes.first { $0.name == "title" }
        }
        #expect(title(0)?.isOptional == true && title(1)?.isOptional == false)

        let plan = ModelBundlePlan(bundle: bundle)
        #expect(plan.schemas.map(\.version) == [Schema.Version(1, 0, 0), Schema.Version(2, 0, 0)])
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty)

        let step = try #require(CoreDataPath(plan: plan, from: 0, to: 1).steps.first)
        #expect(step.canInfer && step.fromName == "TestModel" && step.toName == "TestModel 2")
        let required = try #require(step.dataDependent.first { $0.entity == "Book" })
        #expect(required.kind == .inferred && required.condition?.errorCode == 134110)

        let url = try BookshelfStore.write(
            authors: [(1, "Ursula", "Le Guin")], books: [(1, "The Dispossessed"), (2, nil)], in: folder.url)
        let store = try AppleStore(url: url)
        #expect(StoreVersionMatch(store: store.model, bundle: bundle).equal == [0])
        let imported = try PrivateImport(of: store, plan: validated)
        defer { imported.remove() }
        let checks = try CoreDataRowCheck.checks(of: step, plan: plan, store: imported.url)
        let failing = checks.filter { !$0.passes }
        #expect(failing.map(\.samples) == [["Book/2"]])

        let findings = try ModelStoreLint(plan: plan, store: url).findings()
        #expect(findings.map(\.isError) == [true])
        #expect(findings.first?.file.hasSuffix("TestModel 2.xcdatamodel/contents") == true)
        #expect(ModelLint(plan: plan).findings.allSatisfy { !$0.isError })
    }
}
