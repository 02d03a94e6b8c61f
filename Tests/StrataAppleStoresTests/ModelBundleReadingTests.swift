import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import Testing

/// Reading Core Data model bundles: the Tasks bundle written for the tests (Tests/CoreDataModels), bundles built here
/// for the error cases, and bundles of the real EasyLife and CoreDataStack model files.
struct ModelBundleReadingTests {
    @Test func readsEveryFieldOfAVersion() throws {
        let bundle = try ModelBundle(url: ModelBundleFixtures.tasks)
        #expect(bundle.name == "Tasks")
        #expect(bundle.versions.map(\.name) == ["Tasks", "Tasks 2", "Tasks 3", "Tasks 4"])
        let third = try #require(bundle.version(named: "Tasks 3"))
        let task = try #require(third.entity(named: "Task"))
        #expect(task.parent == "Item")
        #expect(third.entity(named: "Item")?.isAbstract == true)
        #expect(third.entity(named: "Label")?.renamingIdentifier == "Tag")
        let name = try #require(task.attributes.first { $0.name == "name" })
        #expect(name.renamingIdentifier == "title")
        #expect(name.typeCode == 700 && !name.isOptional && name.defaultValue == .text(""))
        let notes = try #require(task.attributes.first { $0.name == "notes" })
        #expect(!notes.isOptional && notes.defaultValue == nil)
        let priority = try #require(task.attributes.first { $0.name == "priority" })
        #expect(priority.typeName == "Integer 16" && priority.typeCode == 100 && priority.defaultValue == .integer(0))
        #expect(task.attributes.first { $0.name == "done" }?.defaultValue == .bool(false))
        #expect(task.attributes.first { $0.name == "photo" }?.allowsExternalStorage == true)
        let labels = try #require(task.relationships.first { $0.name == "labels" })
        #expect(labels.isToMany && labels.destination == "Label" && labels.inverse == "tasks")
        #expect(labels.renamingIdentifier == "tags" && labels.deleteRuleCode == 1)
        #expect(task.fetchIndexes.map(\.properties) == [["name"]])
        #expect(third.entity(named: "Label")?.uniquenessConstraints == [["name"]])
        // Lines point into the contents file: the attribute `notes` is on line 18 of Tasks 3, its entity on 15.
        #expect(notes.line == 18)
        #expect(task.line == 15)
    }

    @Test func orderAndCurrentVersionComeFromXcodesNamingAndXccurrentversion() throws {
        let bundle = try ModelBundle(url: ModelBundleFixtures.tasks)
        #expect(bundle.current == "Tasks 4")
        #expect(bundle.currentReason == ".xccurrentversion names Tasks 4")
        #expect(bundle.order.reason.hasPrefix("by Xcode's naming"))
        #expect(!bundle.order.isGuess)
        // Numeric names after the unnumbered one order by number (10 after 2), and without .xccurrentversion the
        // last is current.
        let journal = try ModelBundle(url: ModelBundleFixtures.journal)
        #expect(journal.versions.map(\.name) == ["Journal", "2", "10"])
        #expect(journal.current == "10")
        #expect(journal.currentReason == "the last in order (no .xccurrentversion)")
    }

    @Test func orderOptionOverridesAndIsChecked() throws {
        let bundle = try ModelBundle(url: ModelBundleFixtures.journal, order: ["2", "Journal", "10"])
        #expect(bundle.versions.map(\.name) == ["2", "Journal", "10"])
        #expect(bundle.order.reason == "as --order gives it")
        #expect(throws: ModelBundleError.badOrder(reason: "no version is named 3", known: ["10", "2", "Journal"])) {
            try ModelBundle(url: ModelBundleFixtures.journal, order: ["Journal", "2", "3"])
        }
        #expect(
            throws: ModelBundleError.badOrder(
                reason: "it leaves out 10; name every version", known: ["10", "2", "Journal"])
        ) {
            try ModelBundle(url: ModelBundleFixtures.journal, order: ["Journal", "2"])
        }
    }

    @Test func namesWithoutNumberingAreOrderedByNameAndSaidToBeAGuess() throws {
        let order = try ModelVersionOrder(names: ["Beta", "Alpha", "Gamma"], explicit: nil)
        #expect(order.names == ["Alpha", "Beta", "Gamma"])
        #expect(order.isGuess)
        #expect(
            try ModelVersionOrder(names: ["TestModel2", "TestModel"], explicit: nil).names == [
                "TestModel", "TestModel2",
            ])
        #expect(
            try ModelVersionOrder(names: ["App 1.10.0", "App 1.9.2", "App"], explicit: nil).names
                == ["App", "App 1.9.2", "App 1.10.0"])
    }

    @Test func versionsAfterTheCurrentOneAreLeftOut() throws {
        let directory = try ModelFolder()
        let contents = try String(
            contentsOf: ModelBundleFixtures.journal.appendingPathComponent(
                "Journal.xcdatamodeld/2.xcdatamodel/contents"),
            encoding: .utf8)
        let url = try ModelBundleFixtures.bundle(
            "Draft", versions: [("Draft", contents), ("Draft 2", contents), ("Draft 3", contents)], current: "Draft 2",
            in: directory.url)
        let bundle = try ModelBundle(url: url)
        #expect(bundle.versions.map(\.name) == ["Draft", "Draft 2"])
        #expect(bundle.afterCurrent == ["Draft 3"])
    }

    @Test func mappingModelsBesideTheBundleAreRead() throws {
        let bundle = try ModelBundle(url: ModelBundleFixtures.tasks)
        let mapping = try #require(bundle.mappingModels.first)
        #expect(bundle.mappingModels.count == 1)
        #expect(mapping.name == "PriorityAsText")
        #expect(mapping.source == "Tasks 3" && mapping.destination == "Tasks 4")
        #expect(mapping.entityMappings.map(\.name) == ["TaskToTask", "LabelToLabel", "ItemToItem"])
        #expect(mapping.entityMappings[0].policyClass == "PriorityAsTextPolicy")
        #expect(
            mapping.entityMappings[0].description == "TaskToTask: Task -> Task (Custom, policy PriorityAsTextPolicy)")
        #expect(mapping.line == 11)
    }

    @Test func binaryOnlyVersionsAreRefusedByName() throws {
        let directory = try ModelFolder()
        let version = directory.url.appendingPathComponent("Legacy.xcdatamodeld/Legacy.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        // Xcode 3 kept a version as the binary archives `elements` and `layout`, with no contents XML.
        try Data([0x62, 0x70, 0x6c, 0x69, 0x73, 0x74]).write(to: version.appendingPathComponent("elements"))
        try Data([0x62, 0x70, 0x6c, 0x69, 0x73, 0x74]).write(to: version.appendingPathComponent("layout"))
        let error = #expect(throws: ModelBundleError.self) {
            try ModelBundle(url: directory.url.appendingPathComponent("Legacy.xcdatamodeld"))
        }
        #expect(error == .binaryOnly(version: "Legacy", path: version.path))
        #expect(error?.description.contains("Xcode 3's binary form") == true)
    }

    @Test func damagedXMLNamesTheFileAndLine() throws {
        let directory = try ModelFolder()
        let url = try ModelBundleFixtures.bundle(
            "Broken",
            versions: [
                (
                    "Broken",
                    """
                    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                    <model type="com.apple.IDECoreDataModeler.DataModel">
                        <entity name="Note">
                            <attribute name=body attributeType="String"/>
                        </entity>
                    </model>
                    """
                )
            ], in: directory.url)
        let error = try #require(#expect(throws: ModelBundleError.self) { try ModelBundle(url: url) })
        guard case .malformed(let path, let line, _) = error else {
            Issue.record("expected malformed, got \(error)")
            return
        }
        #expect(path.hasSuffix("Broken.xcdatamodel/contents"))
        // The unquoted attribute value is on line 4.
        #expect(line == 4)
        let unknownType = try ModelBundleFixtures.bundle(
            "Typo",
            versions: [
                (
                    "Typo",
                    """
                    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                    <model type="com.apple.IDECoreDataModeler.DataModel">
                        <entity name="Note">
                            <attribute name="body" attributeType="Text"/>
                        </entity>
                    </model>
                    """
                )
            ], in: directory.url)
        let typo = try #require(#expect(throws: ModelBundleError.self) { try ModelBundle(url: unknownType) })
        #expect(typo.description.contains("Typo.xcdatamodel/contents:4: Note.body has attributeType \"Text\""))
    }

    @Test func missingPathsAndEmptyFoldersAreClear() throws {
        let directory = try ModelFolder()
        #expect(throws: ModelBundleError.notFound(path: directory.url.path + "/Nope.xcdatamodeld")) {
            try ModelBundle(url: directory.url.appendingPathComponent("Nope.xcdatamodeld"))
        }
        #expect(throws: ModelBundleError.noVersions(path: directory.url.path)) {
            try ModelBundle(url: directory.url)
        }
    }
}
