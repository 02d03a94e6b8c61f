import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Testing

/// What a dry run of a Core Data plan does at the steps Core Data takes differently from an inferred mapping: a step it
/// cannot infer with no mapping model fails (134140) whichever the mode, and a mapping model's step is not run, saying
/// which mapping model runs there.
struct CoreDataStepRunTests {
    /// A Strata store at `version` of `plan` (empty: the outcome here does not depend on rows).
    private func store(at index: Int, of plan: ModelBundlePlan, in folder: ModelFolder) throws -> URL {
        try folder.strataStore("Tasks.store", at: plan.schemas[index])
    }

    @Test func aStepCoreDataCannotInferWithoutAMappingModelFailsInBothModes() throws {
        // Tasks 3 -> Tasks 4 changes priority's type; without PriorityAsText.xcmappingmodel (kept beside the bundle,
        // not copied here) Core Data stops with 134140, step by step as in one jump.
        let folder = try ModelFolder()
        let copy = folder.url.appendingPathComponent("Tasks.xcdatamodeld")
        try FileManager.default.copyItem(at: ModelBundleFixtures.tasks, to: copy)
        let bundle = try ModelBundle(url: copy)
        #expect(bundle.mappingModels.isEmpty)
        for progressive in [false, true] {
            let plan = ModelBundlePlan(bundle: bundle, progressive: progressive)
            let (validated, problems) = plan.check()
            #expect(problems.isEmpty)
            let stores = try ModelFolder()
            let report = try Migrator.dryRun(store: store(at: 2, of: plan, in: stores), validated: validated)
            #expect(!report.succeeded)
            #expect(report.notRun == nil)
            let failure = try #require(report.failure?.description)
            #expect(report.failure?.kind == "step-impossible")
            #expect(failure.contains("134140") && failure.contains("Task.priority"), "\(failure)")
            #expect(failure.contains("Tasks 3 -> Tasks 4"), "\(failure)")
        }
    }

    @Test func aMappingModelsStepIsNotRunAndSaysWhichMappingModelRuns() throws {
        let plan = ModelBundlePlan(bundle: try ModelBundle(url: ModelBundleFixtures.tasks), progressive: true)
        let (validated, problems) = plan.check()
        #expect(problems.isEmpty)
        let folder = try ModelFolder()
        let report = try Migrator.dryRun(store: store(at: 2, of: plan, in: folder), validated: validated)
        #expect(report.failure == nil)
        let notRun = try #require(report.notRun?.description)
        #expect(notRun.contains("Tasks 3 -> Tasks 4") && notRun.contains("mapping model PriorityAsText"), "\(notRun)")
        #expect(!notRun.contains("read from the sources"))
        // Its step is not checked against the inferred mapping's conditions: the mapping model says what happens.
        let step = CoreDataStep(plan: plan, from: 2, to: 3)
        #expect(step.mapping?.name == "PriorityAsText")
        #expect(step.dataDependent.isEmpty)
        #expect(step.mappingNotes.count == step.mapping?.entityMappings.count)
        #expect(step.mappingNotes.allSatisfy { $0.contains("not run here") })
        #expect(step.mappingNotes.contains { $0.contains("Task.priority is not checked") }, "\(step.mappingNotes)")
    }
}

/// A Boolean renamed into an Integer 32 through the renaming identifier: Core Data's inferred mapping carries the
/// values (docs/APPLE_STORES.md, "Type changes"), and so does the dry run, in both modes.
struct CoreDataTypeChangeTests {
    /// Three books at TestModel 2: silenced, not, and unknown.
    static func silencedBooks(_ db: Database) throws {
        for (key, flag) in [(1, true), (2, false), (3, nil)] as [(Int, Bool?)] {
            try db.execute(
                sql: "INSERT INTO \"Book\" (\"\(StoreLayout.primaryKey)\", \"title\", \"isSilenced\") VALUES (?, ?, ?)",
                arguments: [key, "Book \(key)", flag])
        }
    }

    @Test func aBooleanRenamedIntoAnIntegerKeepsItsValues() throws {
        let folder = try ModelFolder()
        let bundle = try ModelBundle(url: try BookshelfStore.booleanToIntegerModel(in: folder.url))
        for progressive in [false, true] {
            let plan = ModelBundlePlan(bundle: bundle, progressive: progressive)
            let step = CoreDataStep(plan: plan, from: 1, to: 2)
            #expect(step.canInfer, "\(step.verdicts)")
            let (validated, problems) = plan.check()
            #expect(problems.isEmpty)
            let stores = try ModelFolder()
            let url = try stores.strataStore("Books.store", at: plan.schemas[1], fill: Self.silencedBooks)
            let migrator = try Migrator(store: url, validated: validated)
            let reports = try migrator.runAll()
            #expect(reports.count == 1)
            let values = try DatabaseQueue(path: url.path).read { db in
                try Int64?.fetchAll(
                    db, sql: "SELECT \"mutedStatus\" FROM \"Book\" ORDER BY \"\(StoreLayout.primaryKey)\"")
            }
            #expect(values == [1, 0, nil])
        }
    }
}
