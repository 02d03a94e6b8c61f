import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import Testing

/// Core Data's verdicts on the steps of the Tasks bundle (Tests/CoreDataModels/README.md states what each version
/// changes and what Core Data does with it), in its default single jump and step by step, and the model lint.
struct CoreDataStepTests {
    let plan: ModelBundlePlan
    let progressive: ModelBundlePlan

    init() throws {
        let bundle = try ModelBundle(url: ModelBundleFixtures.tasks)
        plan = ModelBundlePlan(bundle: bundle)
        progressive = ModelBundlePlan(bundle: bundle, progressive: true)
    }

    @Test func versionsAreNumberedInOrderAndKnownByName() {
        #expect(plan.schemas.map(\.version) == [1, 2, 3, 4].map { Schema.Version($0, 0, 0) })
        #expect(plan.version(named: "Tasks 3") == Schema.Version(3, 0, 0))
        #expect(plan.name(of: Schema.Version(2, 0, 0)) == "Tasks 2")
        #expect(plan.name(of: Schema.Version(2, 1, 0)) == nil)
    }

    @Test func renamesHierarchyMovesAndDefaultsAreInferred() {
        let step = CoreDataStep(plan: plan, from: 0, to: 1)
        #expect(step.canInfer)
        #expect(step.dataDependent.isEmpty)
        let changes = step.verdicts.map(\.change)
        #expect(changes.contains("Task.name renamed from title"))
        #expect(changes.contains("Task.priority added (Int16, required, default 0)"))
        // createdAt moved up into the abstract Item: Task still has it, so only Item is new.
        #expect(changes.contains("entity Item added"))
        #expect(!changes.contains { $0.contains("createdAt") })
    }

    @Test func aNewRequiredAttributeWithoutDefaultAndAUniquenessConstraintDependOnTheRows() throws {
        let step = CoreDataStep(plan: plan, from: 1, to: 2)
        #expect(step.canInfer)
        let notes = try #require(step.verdicts.first { $0.change.hasPrefix("Task.notes added") })
        #expect(notes.condition == .noRows(entity: "Task"))
        #expect(notes.condition?.errorCode == 134110)
        #expect(notes.line == 18)
        #expect(notes.file?.path.hasSuffix("Tasks 3.xcdatamodel/contents") == true)
        let unique = try #require(
            step.verdicts.first { $0.condition == .noDuplicates(entity: "Label", attributes: ["name"]) })
        #expect(unique.condition?.errorCode == 134111)
        let rename = try #require(step.verdicts.first { $0.change == "entity Label renamed from Tag" })
        #expect(rename.kind == .inferred)
        #expect(rename.explanation.contains("Core Data keeps its rows"))
        #expect(rename.line == 6)
        #expect(!step.verdicts.contains { $0.change == "entity Label added" || $0.change == "entity Tag removed" })
        // Task.labels (renamed from tags) now points to Label, Tag's new name: the links follow the rename, so the
        // relationship's only change is its name.
        #expect(step.verdicts.map(\.change).filter { $0.hasPrefix("Task.labels") } == ["Task.labels renamed from tags"])
    }

    @Test func aTypeChangeNeedsAMappingModelWhichTheBundleHasForThatPairOnly() throws {
        let step = CoreDataStep(plan: plan, from: 2, to: 3)
        #expect(!step.canInfer)
        #expect(step.mapping?.name == "PriorityAsText")
        #expect(
            step.verdicts.first { $0.kind == .needsMapping }?.change
                == "Task.priority type changed from Int16 to String")
        // Core Data's single jump from Tasks 2 meets the type change with no mapping model: 134140.
        let fromSecond = CoreDataPath(plan: plan, from: 1, to: 3)
        #expect(fromSecond.steps.count == 1)
        #expect(fromSecond.blocked?.fromName == "Tasks 2")
        // From Tasks, which has no priority yet, the jump adds priority as a String: inferred, mapping model unused.
        let fromFirst = CoreDataPath(plan: plan, from: 0, to: 3)
        #expect(fromFirst.blocked == nil)
        #expect(
            fromFirst.steps[0].verdicts.map(\.change).contains(
                "Task.priority added (String, required, default \"normal\")"))
        // Step by step, the last step is the mapping model's.
        let chain = CoreDataPath(plan: progressive, from: 1, to: 3)
        #expect(chain.steps.map(\.toName) == ["Tasks 3", "Tasks 4"])
        #expect(chain.blocked == nil)
    }

    @Test func stagesFollowTheMode() throws {
        let (single, problems) = plan.check()
        #expect(problems.isEmpty)
        // In version order: the jump from Tasks, which renames Tag to Label and adds Task.notes required without a
        // default (it runs, failing where Task has rows as Core Data does); the jump from Tasks 2, which meets the
        // type change without a mapping model (Core Data's 134140: reaching it fails); the mapping model's step.
        #expect(
            single.stages.map(\.description) == [
                "inferred Tasks -> Tasks 4", "custom Tasks 2 -> Tasks 4", "custom Tasks 3 -> Tasks 4",
            ])
        #expect(single.stages.map { $0.impossible != nil } == [false, true, false])
        #expect(single.stages[1].impossible?.contains("134140") == true)
        #expect(single.stages[2].notRunReason?.contains("mapping model PriorityAsText") == true)
        let (chain, chainProblems) = progressive.check()
        #expect(chainProblems.isEmpty)
        // 1 -> 2 runs; 2 -> 3 renames Tag to Label and adds a required value without default: it runs too, and
        // depends on the rows; 3 -> 4 is the mapping model's.
        #expect(
            chain.stages.map(\.description) == [
                "lightweight Tasks -> Tasks 2", "inferred Tasks 2 -> Tasks 3", "custom Tasks 3 -> Tasks 4",
            ])
    }

    @Test func theLintPointsAtTheFilesAndLines() throws {
        let findings = ModelLint(plan: plan).findings
        let added = try #require(findings.first { $0.message.hasPrefix("Task.notes added") })
        #expect(!added.isError)
        #expect(added.line == 18 && added.file.hasSuffix("Tasks 3.xcdatamodel/contents"))
        let unreachable = findings.filter { $0.message.contains("cannot reach") }
        #expect(unreachable.map(\.isError) == [true])
        let first = try #require(unreachable.first)
        #expect(first.message.hasPrefix("a store at Tasks 2 cannot reach Tasks 4"))
        #expect(first.message.contains("134140"))
        let differs = try #require(
            findings.first { $0.message.hasPrefix("a store at Tasks 2 fails Core Data's single jump") })
        #expect(!differs.isError)
        let skipped = try #require(
            findings.first { $0.message.hasPrefix("a store at Tasks migrates in one inferred jump to Tasks 4") })
        #expect(skipped.file.hasSuffix("PriorityAsText.xcmappingmodel/xcmapping.xml") && skipped.line == 11)
        #expect(
            skipped.message.contains(
                "mapping model PriorityAsText (Tasks 3 -> Tasks 4) and its policies are not used: what it does to Task is not done"
            ))
        // Only the store at Tasks skips it: from Tasks 2 the jump is blocked (134140), from Tasks 3 it is the mapping
        // model's own step.
        #expect(
            (0..<3).map { CoreDataPath.mappingsSkippedByTheJump(in: plan, from: $0, to: 3).map(\.name) } == [
                ["PriorityAsText"], [], [],
            ])
        // Step by step, every version reaches the current one: no unreachable finding, but the mode difference stays.
        let chainFindings = ModelLint(plan: progressive).findings
        #expect(!chainFindings.contains { $0.message.contains("cannot reach") })
        #expect(chainFindings.contains { $0.message.hasPrefix("a store at Tasks 2 fails Core Data's single jump") })
    }

    @Test func danglingRenamesAndUnknownMappingVersionsAreFound() throws {
        let directory = try ModelFolder()
        let header = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            """
        let url = try ModelBundleFixtures.bundle(
            "Notes",
            versions: [
                (
                    "Notes",
                    header
                        + "\n<entity name=\"Note\"><attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/></entity></model>"
                ),
                (
                    "Notes 2",
                    header
                        + "\n<entity name=\"Memo\" elementID=\"Notice\">\n<attribute name=\"text\" optional=\"YES\" attributeType=\"String\" elementID=\"bodyText\"/></entity></model>"
                ),
            ], in: directory.url)
        let mapping = directory.url.appendingPathComponent("Old.xcmappingmodel")
        try FileManager.default.createDirectory(at: mapping, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <database>
                <object type="XDDEVMAPPINGMODEL" id="z1">
                    <attribute name="sourcemodelpath" type="string">Notes.xcdatamodeld/Notes 0.xcdatamodel</attribute>
                    <attribute name="destinationmodelpath" type="string">Notes.xcdatamodeld/Notes 2.xcdatamodel</attribute>
                </object>
            </database>
            """.utf8
        ).write(to: mapping.appendingPathComponent("xcmapping.xml"))
        let findings = ModelLint(plan: ModelBundlePlan(bundle: try ModelBundle(url: url))).findings
        let entity = try #require(findings.first { $0.message.hasPrefix("entity Memo's renaming identifier Notice") })
        #expect(entity.line == 3)
        #expect(findings.contains { $0.message.hasPrefix("Memo.text's renaming identifier bodyText") && $0.line == 4 })
        let unknown = try #require(findings.first { $0.message.hasPrefix("mapping model Old names version Notes 0") })
        #expect(unknown.isError && unknown.line == 3 && unknown.file.hasSuffix("Old.xcmappingmodel/xcmapping.xml"))
    }

    @Test func changesOnlyCoreDataHashesAreNotAProblem() throws {
        let directory = try ModelFolder()
        let version = { (modifier: String) in
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Photo" versionHashModifier="\(modifier)">
                    <attribute name="image" optional="YES" attributeType="Binary"/>
                </entity>
            </model>
            """
        }
        let url = try ModelBundleFixtures.bundle(
            "Photos", versions: [("Photos", version("1")), ("Photos 2", version("2"))], in: directory.url)
        let plan = ModelBundlePlan(bundle: try ModelBundle(url: url))
        let step = CoreDataStep(plan: plan, from: 0, to: 1)
        #expect(step.hashOnlyChanges.map(\.change) == ["entity Photo versionHashModifier changed"])
        #expect(plan.check().problems.isEmpty)
    }
}
