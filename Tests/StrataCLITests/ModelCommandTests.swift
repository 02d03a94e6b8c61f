import AppleStoreFixtures
import Foundation
import Testing

/// `--model PATH` on the real `strata`: a Core Data model's versions as the plan for `check` (with the model lint at
/// file:line), `diff` (versions by name), and `plan` / `migrate --dry-run` on real Core Data stores.
struct ModelCommandTests {
    let tasks = ModelBundleFixtures.tasks.path

    @Test func checkShowsOrderVersionsStepsAndLintAtTheirLines() throws {
        let run = try CommandRun.strata(["check", "--model", tasks])
        // The single jump from Tasks 2 to Tasks 4 meets a type change with no mapping model: an error.
        #expect(run.status == 1)
        let text = run.standardOutput
        #expect(
            text.contains(
                "order: by Xcode's naming (the unnumbered name first, then by number): Tasks, Tasks 2, Tasks 3, Tasks 4"
            ))
        #expect(text.contains("current: Tasks 4 (.xccurrentversion names Tasks 4)"))
        #expect(text.contains("  3.0.0  Tasks 3"))
        #expect(text.contains("  4.0.0  Tasks 4  (current)"))
        #expect(text.contains("mapping model PriorityAsText: Tasks 3 -> Tasks 4"))
        #expect(text.contains("TaskToTask: Task -> Task (Custom, policy PriorityAsTextPolicy)"))
        #expect(text.contains("  Tasks -> Tasks 4: inferred; depends on the data"))
        #expect(text.contains("  Tasks 2 -> Tasks 4: needs a mapping model (Core Data stops with 134140"))
        #expect(text.contains("Tasks 3 -> Tasks 4: mapping model PriorityAsText, not run"))
        let contents3 = ModelBundleFixtures.tasks.appendingPathComponent("Tasks 3.xcdatamodel/contents").path
        #expect(text.contains("\(contents3):18:1: warning: Task.notes added (String, required, no default) in Tasks 3"))
        #expect(text.contains("error: a store at Tasks 2 cannot reach Tasks 4 in Core Data's single jump"))
    }

    @Test func checkProgressiveFollowsTheChainAndJSONCarriesTheModel() throws {
        let run = try CommandRun.strata(["check", "--model", tasks, "--progressive", "--json"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let json = try run.json()
        #expect(json["valid"] as? Bool == true)
        let coreData = try #require(json["coreData"] as? [String: Any])
        #expect(coreData["mode"] as? String == "progressive")
        let versions = try #require(coreData["versions"] as? [[String: Any]])
        #expect(versions.map { $0["name"] as? String } == ["Tasks", "Tasks 2", "Tasks 3", "Tasks 4"])
        let steps = try #require(coreData["steps"] as? [[String: Any]])
        #expect(
            steps.map { $0["outcome"] as? String } == [
                "inferred", "inferred; depends on the data", "mapping model PriorityAsText, not run",
            ])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.allSatisfy { $0["severity"] as? String == "warning" })
        #expect(
            diagnostics.contains {
                ($0["message"] as? String)?.hasPrefix("a store at Tasks 2 fails Core Data's single jump") == true
            })
    }

    @Test func mappingsFolderIsSearchedAndTheSearchIsSaid() throws {
        let directory = try TemporaryStore()
        let model = directory.directory.appendingPathComponent("Model/Tasks.xcdatamodeld")
        try FileManager.default.createDirectory(
            at: model.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ModelBundleFixtures.tasks, to: model)
        let elsewhere = directory.directory.appendingPathComponent("Elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ModelBundleFixtures.tasks.deletingLastPathComponent().appendingPathComponent(
                "PriorityAsText.xcmappingmodel"),
            to: elsewhere.appendingPathComponent("PriorityAsText.xcmappingmodel"))
        let without = try CommandRun.strata(["check", "--model", model.path, "--progressive"])
        #expect(without.status == 1)
        #expect(without.standardOutput.contains("mapping models: 0 found, looked for in \(model.path) (the bundle)"))
        #expect(
            without.standardOutput.contains(
                "Tasks 3 -> Tasks 4: needs a mapping model (Core Data stops with 134140"))
        let with = try CommandRun.strata([
            "check", "--model", model.path, "--progressive", "--mappings", elsewhere.path,
        ])
        #expect(with.status == 0, "\(with.standardOutput)")
        #expect(with.standardOutput.contains("mapping models: 1 found, looked for in"))
        #expect(with.standardOutput.contains("\(elsewhere.path) (--mappings)"))
        #expect(with.standardOutput.contains("Tasks 3 -> Tasks 4: mapping model PriorityAsText, not run"))
        let usage = try CommandRun.strata(["check", "--mappings", elsewhere.path, "--plan", "bookshelf"])
        #expect(usage.status == 2)
    }

    @Test func diffTakesVersionNames() throws {
        let run = try CommandRun.strata(["diff", "--model", tasks, "Tasks", "Tasks 2"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Task.name renamed from title"))
        #expect(run.standardOutput.contains("Task.priority added (Int16, required, default 0)"))
        let numbers = try CommandRun.strata(["diff", "--model", tasks, "1", "2"])
        #expect(numbers.standardOutput == run.standardOutput)
        let unknown = try CommandRun.strata(["diff", "--model", tasks, "Tasks", "Tasks 9"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("1.0.0 (Tasks), 2.0.0 (Tasks 2), 3.0.0 (Tasks 3), 4.0.0 (Tasks 4)"))
    }

    @Test func badModelsAndOptionsAreUsageErrors() throws {
        let directory = try TemporaryStore()
        let version = directory.directory.appendingPathComponent("Old.xcdatamodeld/Old.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data([0x62, 0x70]).write(to: version.appendingPathComponent("elements"))
        let binary = try CommandRun.strata(["check", "--model", directory.path("Old.xcdatamodeld")])
        #expect(binary.status == 2)
        #expect(binary.standardError.contains("version Old is stored only in Xcode 3's binary form"))
        let order = try CommandRun.strata(["check", "--model", tasks, "--order", "Tasks 2,Tasks"])
        #expect(order.status == 2)
        #expect(order.standardError.contains("--order: it leaves out Tasks 3, Tasks 4; name every version"))
        let both = try CommandRun.strata(["check", "--model", tasks, "--plan", "bookshelf"])
        #expect(both.status == 2)
        #expect(both.standardError.contains("--model is the plan"))
        let stray = try CommandRun.strata(["check", "--plan", "bookshelf", "--progressive"])
        #expect(stray.status == 2)
    }
}

/// `plan` and `migrate --dry-run` with `--model` on the real Core Data stores and the model files beside them.
@Suite
struct ModelStoreCommandTests {
    /// CoreDataStack's two real versions and a third written here (TestModel2 with an optional `Book.isbn`).
    static func threeVersions(in directory: TemporaryStore) throws -> URL {
        let second = try ModelBundleFixtures.realModel(
            "coredata-bnr-coredatastack", "TestModel2.xcdatamodel.contents.xml")
        let third = second.replacingOccurrences(
            of: "<attribute name=\"title\"",
            with:
                "<attribute name=\"isbn\" optional=\"YES\" attributeType=\"String\" syncable=\"YES\"/>\n        <attribute name=\"title\""
        )
        #expect(third != second)
        return try ModelBundleFixtures.bundle(
            "TestModel",
            versions: [
                (
                    "TestModel",
                    try ModelBundleFixtures.realModel(
                        "coredata-bnr-coredatastack", "TestModel.xcdatamodel.contents.xml")
                ),
                ("TestModel2", second), ("TestModel3", third),
            ], current: "TestModel3", in: directory.directory)
    }

    @Test func planFindsTheStoresVersionAndTheJumpToTheCurrentOne() throws {
        let directory = try TemporaryStore()
        let model = try ModelBundleFixtures.coreDataStack(in: directory.directory)
        let store = try AppleStoreCommandTests.copy("coredata-bnr-coredatastack", "TestModel.sqlite", into: directory)
        let run = try AppleStoreCommandTests.run(["plan", store, "--model", model.path], unchanging: store)
        #expect(run.status == 0, "\(run.standardError)")
        let text = run.standardOutput
        // The store's metadata records Core Data's entity version hashes, and TestModel's computed ones equal them.
        #expect(
            text.contains(
                "Core Data: the store is at TestModel (the entity version hashes in the store's metadata equal those computed from the version)"
            ))
        #expect(text.contains("  TestModel -> TestModel2: inferred"))
        #expect(text.contains("Book.publisher added (to-one Publisher): inferred"))
        #expect(text.contains("entity Publisher added: inferred"))
        #expect(text.contains("is at TestModel; plan TestModel leads to TestModel2 in 1 stage"))
        #expect(text.contains("--model \(model.path) --to TestModel2 --dry-run"))
    }

    @Test func dryRunRunsTheJumpOnAPrivateImport() throws {
        let directory = try TemporaryStore()
        let model = try ModelBundleFixtures.coreDataStack(in: directory.directory)
        let store = try AppleStoreCommandTests.copy("coredata-bnr-coredatastack", "TestModel.sqlite", into: directory)
        let run = try AppleStoreCommandTests.run(
            ["migrate", store, "--model", model.path, "--dry-run", "--json"], unchanging: store)
        #expect(run.status == 0, "\(run.standardError)")
        let json = try run.json()
        #expect(json["dryRun"] as? Bool == true)
        #expect(json["from"] as? String == "TestModel")
        #expect(json["reached"] as? String == "TestModel2")
        #expect(json["succeeded"] as? Bool == true)
        #expect(json["versionNames"] as? [String: String] == ["1.0.0": "TestModel", "2.0.0": "TestModel2"])
    }

    @Test func aStoreWrittenByAModelOfNoVersionIsCoreDatas134130() throws {
        // EasyLife_1.3.0.sqlite was written by a model between the published files: its Project has no relationship
        // to TodoItem, which EasyLife 1.3.0's XML declares. Core Data would not find the store's model.
        let directory = try TemporaryStore()
        let model = try ModelBundleFixtures.easyLife(in: directory.directory)
        let store = try AppleStoreCommandTests.copy("coredata-easylife", "EasyLife_1.3.0.sqlite", into: directory)
        let run = try AppleStoreCommandTests.run(["plan", store, "--model", model.path], unchanging: store)
        #expect(run.status == 1)
        #expect(
            run.standardOutput.contains(
                "134130 \"Can't find model for source store\"); the closest is EasyLife, differing in Project"))
        #expect(run.standardError.contains("matches no version of the plan"))
    }

    @Test func aStoreAtNoVersionGivesJSONWithOneClosestVersion() throws {
        let directory = try TemporaryStore()
        let model = try ModelBundleFixtures.easyLife(in: directory.directory)
        let store = try AppleStoreCommandTests.copy("coredata-easylife", "EasyLife_1.3.0.sqlite", into: directory)
        for command in [["plan"], ["migrate", "--dry-run"]] {
            let run = try AppleStoreCommandTests.run(
                [command[0], store, "--model", model.path, "--json"] + command.dropFirst(), unchanging: store)
            #expect(run.status == 1)
            let json = try run.json()
            let coreData = try #require(json["coreData"] as? [String: Any])
            #expect((coreData["noMatch"] as? String)?.contains("the closest is EasyLife, differing in Project") == true)
            let error = try #require(json["error"] as? String)
            #expect(error.contains("134130") && error.contains("The closest version is EasyLife (1.0.0)"), "\(error)")
        }
    }

    @Test func diffTakesACoreDataStoreAndStartsAtItsVersion() throws {
        let directory = try TemporaryStore()
        let model = try ModelBundleFixtures.coreDataStack(in: directory.directory)
        let store = try AppleStoreCommandTests.copy("coredata-bnr-coredatastack", "TestModel.sqlite", into: directory)
        let run = try AppleStoreCommandTests.run(["diff", "--model", model.path, "--store", store], unchanging: store)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Plan TestModel: TestModel -> TestModel2"))
        #expect(run.standardOutput.contains("Book.publisher added (to-one Publisher)"))
        #expect(run.standardOutput.contains("Data in \(store)"))
        let explicit = try AppleStoreCommandTests.run(
            ["diff", "--model", model.path, "TestModel", "TestModel2", "--store", store, "--json"], unchanging: store)
        #expect(explicit.status == 0, "\(explicit.standardError)")
        #expect(try explicit.json()["store"] as? String == store)
        let bare = try CommandRun.strata(["diff", "--model", model.path])
        #expect(bare.status == 2)
        #expect(bare.standardError.contains("give the versions to diff"))
    }

    @Test func theJumpIsComparedWithTheChain() throws {
        let directory = try TemporaryStore()
        let model = try Self.threeVersions(in: directory)
        let store = try AppleStoreCommandTests.copy("coredata-bnr-coredatastack", "TestModel.sqlite", into: directory)
        let jump = try AppleStoreCommandTests.run(["plan", store, "--model", model.path], unchanging: store)
        #expect(jump.status == 0, "\(jump.standardError)")
        #expect(jump.standardOutput.contains("  TestModel -> TestModel3: inferred"))
        #expect(jump.standardOutput.contains("Book.isbn added (String, optional): inferred"))
        #expect(
            jump.standardOutput.contains(
                "Compared, step by step (--progressive):\n  TestModel -> TestModel2: inferred\n  TestModel2 -> TestModel3: inferred"
            ))
        #expect(jump.standardOutput.contains("plan TestModel leads to TestModel3 in 1 stage:"))
        let chain = try AppleStoreCommandTests.run(
            ["plan", store, "--model", model.path, "--progressive"], unchanging: store)
        #expect(chain.status == 0, "\(chain.standardError)")
        #expect(
            chain.standardOutput.contains("Compared, Core Data's single jump:\n  TestModel -> TestModel3: inferred"))
        #expect(chain.standardOutput.contains("plan TestModel leads to TestModel3 in 2 stages:"))
    }

    @Test func openWithoutATerminalSummarisesTheStoreAgainstTheModel() throws {
        let directory = try TemporaryStore()
        let model = try ModelBundleFixtures.coreDataStack(in: directory.directory)
        let store = try AppleStoreCommandTests.copy("coredata-bnr-coredatastack", "TestModel.sqlite", into: directory)
        let run = try AppleStoreCommandTests.run(["open", store, "--model", model.path], unchanging: store)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("plan: TestModel, versions TestModel, TestModel2"))
        // The store records no version identifier: its own model is named so, not "model unversioned".
        let bare = try AppleStoreCommandTests.run(["open", store], unchanging: store)
        #expect(bare.standardOutput.contains("version: store's own model"), "\(bare.standardOutput)")
        #expect(!bare.standardOutput.contains("unversioned"))
    }
}
