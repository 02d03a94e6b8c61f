import AppleStoreFixtures
import Foundation
import Testing

/// `strata info --model PATH [STORE]` on the real `strata`: a Core Data model's versions with their names, entities and
/// mapping models, and with a real Core Data store the version of the model it is at.
struct ModelInfoCommandTests {
    @Test func aModelAloneListsItsVersionsEntitiesAndMappingModels() throws {
        let tasks = ModelBundleFixtures.tasks.path
        let run = try CommandRun.strata(["info", "--model", tasks])
        #expect(run.status == 0, "\(run.standardError)")
        // Tests/CoreDataModels/README.md: Tasks 2 adds the abstract Item, Tasks 3 renames Tag to Label.
        #expect(run.standardOutput.contains("  1.0.0  Tasks    2 entities: Tag, Task"))
        #expect(run.standardOutput.contains("  3.0.0  Tasks 3  3 entities: Item, Label, Task"))
        #expect(run.standardOutput.contains("  4.0.0  Tasks 4  (current)  3 entities: Item, Label, Task"))
        #expect(run.standardOutput.contains("  mapping model PriorityAsText: Tasks 3 -> Tasks 4"))
        let json = try CommandRun.strata(["info", "--model", tasks, "--json"]).json()
        #expect(json["format"] as? String == "strata.model/1")
        let versions = try #require(json["versions"] as? [[String: Any]])
        #expect(versions.map { $0["name"] as? String } == ["Tasks", "Tasks 2", "Tasks 3", "Tasks 4"])
        #expect(versions[1]["entities"] as? [String] == ["Item", "Tag", "Task"])
        #expect(json["store"] == nil)
    }

    @Test func versionsFromTenOnStayInColumns() throws {
        // Eleven versions of one entity gaining an attribute each: numbers of two widths, names of three.
        let directory = try TemporaryStore()
        let versions = (1...11).map { number in
            let attributes = (1...number).map {
                "<attribute name=\"a\($0)\" optional=\"YES\" attributeType=\"String\"/>"
            }
            return (
                number == 1 ? "Log" : "Log \(number)",
                "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\" documentVersion=\"1.0\"><entity name=\"Entry\">\(attributes.joined())</entity></model>"
            )
        }
        let model = try ModelBundleFixtures.bundle("Log", versions: versions, in: directory.directory)
        let run = try CommandRun.strata(["info", "--model", model.path])
        #expect(run.status == 0, "\(run.standardError)")
        let rows = run.standardOutput.split(separator: "\n").filter { $0.contains("1 entity: Entry") }
        #expect(rows.count == 11)
        #expect(rows.first == "  1.0.0   Log     1 entity: Entry")
        #expect(rows.last == "  11.0.0  Log 11  (current)  1 entity: Entry")
        #expect(Set(rows.map { $0.range(of: "Log")?.lowerBound.utf16Offset(in: $0) }).count == 1)
    }

    @Test func aStoreGivenWithTheModelIsPlacedAtItsVersion() throws {
        let directory = try TemporaryStore()
        let model = try ModelBundleFixtures.coreDataStack(in: directory.directory).path
        let store = try AppleStoreCommandTests.copy("coredata-bnr-coredatastack", "TestModel.sqlite", into: directory)
        let run = try AppleStoreCommandTests.run(["info", store, "--model", model], unchanging: store)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Entities"))
        #expect(run.standardOutput.contains("The store \(store) is at TestModel (1.0.0)"))
        #expect(
            run.standardOutput.contains(
                "  found by: the entity version hashes in the store's metadata equal those computed from the version"))
        let json = try AppleStoreCommandTests.run(["info", store, "--model", model, "--json"], unchanging: store).json()
        #expect(json["format"] as? String == "strata.info/1")
        let coreData = try #require(json["coreData"] as? [String: Any])
        let placed = try #require(coreData["store"] as? [String: Any])
        #expect(placed["name"] as? String == "TestModel" && placed["version"] as? String == "1.0.0")
        #expect(placed["matchedBy"] as? String == "entityVersionHashes")
        // EasyLife_1.3.0.sqlite was written by a model between the published files (see ModelStoreCommandTests).
        let easyLife = try ModelBundleFixtures.easyLife(in: directory.directory).path
        let other = try AppleStoreCommandTests.copy("coredata-easylife", "EasyLife_1.3.0.sqlite", into: directory)
        let unmatched = try AppleStoreCommandTests.run(["info", other, "--model", easyLife], unchanging: other)
        #expect(unmatched.status == 0)
        #expect(
            unmatched.standardOutput.contains(
                "its model is no version of the model: Core Data stops with 134130 \"Can't find model for source store\"; the closest is EasyLife, differing in Project"
            ))
    }

    @Test func infoNeedsAStoreOrAModel() throws {
        let run = try CommandRun.strata(["info"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("give the store file, or --model PATH"))
        let progressive = try CommandRun.strata(["info", "--model", ModelBundleFixtures.tasks.path, "--progressive"])
        #expect(progressive.status == 2)
    }
}

/// `strata new STORE --model PATH --at NAME`: a Strata store at a version of a Core Data model, which the model's
/// plan then dry-runs from.
struct ModelNewCommandTests {
    @Test func aStoreIsMadeAtAVersionNamedByItsName() throws {
        let directory = try TemporaryStore()
        let tasks = ModelBundleFixtures.tasks.path
        let store = directory.path("Tasks-2.store")
        let run = try CommandRun.strata(["new", store, "--model", tasks, "--at", "Tasks 2", "--sample", "3", "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try run.json()
        #expect(json["version"] as? String == "Tasks 2")
        let entities = try #require(json["entities"] as? [[String: Any]])
        // Tasks 2 holds the abstract Item, Tag and Task (Tests/CoreDataModels/README.md).
        #expect(Set(entities.compactMap { $0["name"] as? String }) == ["Item", "Tag", "Task"])
        let info = try CommandRun.strata(["info", store, "--model", tasks])
        #expect(info.standardOutput.contains("The store \(store) is at Tasks 2 (2.0.0)"))
        #expect(
            info.standardOutput.contains("  found by: the schema fingerprint the store records equals the version's"))
        let none = try CommandRun.strata(["new", directory.path("x.store"), "--at", "1"])
        #expect(none.status == 2)
        #expect(none.standardError.contains("give --sources DIR or --model PATH"))
    }
}
