import AppleStoreFixtures
import Foundation
import Testing

/// `plan`, `migrate --dry-run`, `open` and `check --store` of the real `strata` on a copy of a real SwiftData store
/// (swiftdata-resourcesmanager, most rows in its -wal) with the sources of an app whose 1.0.0 is its model
/// (Fixtures/ResourcesApp): the store is imported privately, the stages run on its rows, and its three files stay
/// byte-identical.
@Suite
struct DeviceStoreCommandTests {
    static let tree = SourcesCommandTests.tree("ResourcesApp")

    /// A copy of the store in `directory`, checked equal to the original.
    static func store(in directory: TemporaryStore) throws -> String {
        try AppleStoreCommandTests.copy("swiftdata-resourcesmanager", "default.store", into: directory)
    }

    @Test func planFindsTheVersionTheModelIsAndCountsTheRealRows() throws {
        let directory = try TemporaryStore()
        let store = try Self.store(in: directory)
        let run = try AppleStoreCommandTests.run(["plan", store, "--sources", Self.tree, "--json"], unchanging: store)
        #expect(run.status == 0)
        let report = try run.json()
        #expect(report["store"] as? String == store)
        #expect(report["storeVersion"] as? String == "1.0.0")
        #expect(report["target"] as? String == "2.0.0")
        let stage = try #require((report["stages"] as? [[String: Any]])?.first)
        let findings = stage["findings"] as? [[String: Any]] ?? []
        // The five components' UUIDs go with Component.id: counted in the device's rows.
        #expect(
            findings.compactMap { $0["description"] as? String }.contains {
                $0.hasPrefix("Component.id: 5 non-nil values dropped")
            })
        let text = try AppleStoreCommandTests.run(["plan", store, "--sources", Self.tree], unchanging: store)
        #expect(text.standardOutput.hasPrefix("\(store) is at 1.0.0; plan ResourcesPlan leads to 2.0.0 in 1 stage:"))
        #expect(
            text.standardOutput.hasSuffix(
                "Dry-run it with: strata migrate \(store) --sources \(Self.tree) --to 2.0.0 --dry-run\n"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.directory.path).sorted() == [
                "default.store", "default.store-shm", "default.store-wal",
            ])
    }

    @Test func migrateDryRunsTheStagesOnTheDevicesRows() throws {
        let directory = try TemporaryStore()
        let store = try Self.store(in: directory)
        let run = try AppleStoreCommandTests.run(
            ["migrate", store, "--sources", Self.tree, "--dry-run", "--json"], unchanging: store)
        #expect(run.status == 0)
        let report = try run.json()
        #expect(report["store"] as? String == store)
        #expect(report["from"] as? String == "1.0.0")
        #expect(report["reached"] as? String == "2.0.0")
        #expect(report["succeeded"] as? Bool == true)
        let stage = try #require((report["stages"] as? [[String: Any]])?.first)
        let dropped = (stage["findings"] as? [[String: Any]])?.first { $0["kind"] as? String == "valuesDropped" }
        #expect(dropped?["count"] as? Int == 5) // the device's five Component.id values
        let real = try AppleStoreCommandTests.run(
            ["migrate", store, "--sources", Self.tree, "--yes"], unchanging: store)
        #expect(real.status == 2)
    }

    @Test func openSummarisesThePrivateImportAtItsVersion() throws {
        let directory = try TemporaryStore()
        let store = try Self.store(in: directory)
        let run = try AppleStoreCommandTests.run(["open", store, "--sources", Self.tree], unchanging: store)
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "store: \(store)")
        #expect(lines.contains { $0.hasPrefix("format: SwiftData / Core Data store, imported privately") })
        #expect(lines.contains { $0.hasPrefix("version: 1.0.0 ") })
        #expect(lines.contains("  Item: 7 rows") && lines.contains("  Component: 5 rows"))
        #expect(lines.contains("  stage 1.0.0 -> 2.0.0 lightweight: 3 changes"))
    }

    @Test func aModelOfNoVersionNamesTheClosestAndWhatDiffers() throws {
        let directory = try TemporaryStore()
        let store = try Self.store(in: directory)
        let edited = try LintCommandTests.copy(
            "ResourcesApp", into: directory,
            editing: [
                (
                    "DataModels/ResourcesSchemaV1.swift", "var count: Int\n",
                    "var count: Int\n        var weight: Double?\n"
                )
            ])
        let plan = try AppleStoreCommandTests.run(["plan", store, "--sources", edited], unchanging: store)
        #expect(plan.status == 1)
        #expect(plan.standardError.contains("which matches no version of the plan"))
        #expect(
            plan.standardError.contains(
                "The closest version is 1.0.0; it differs in:\n  - Component.weight added (Double, optional)"))
        let dry = try AppleStoreCommandTests.run(
            ["migrate", store, "--sources", edited, "--dry-run"], unchanging: store)
        #expect(dry.status == 1)
        #expect(dry.standardError == plan.standardError)
        // open falls back to the read-only view, diffed against the closest version.
        let open = try AppleStoreCommandTests.run(["open", store, "--sources", edited], unchanging: store)
        #expect(open.status == 0)
        #expect(open.standardOutput.contains("format: SwiftData / Core Data store (read-only)"))
        // And the lint says the shipped 1.0.0 was edited, against the store from the device.
        let check = try AppleStoreCommandTests.run(["check", "--sources", edited, "--store", store], unchanging: store)
        #expect(check.status == 1)
        #expect(
            check.standardOutput.contains(
                "\(edited)/DataModels/ResourcesSchemaV1.swift:4:1: error: ResourcesSchemaV1 (1.0.0) was edited after it shipped (the store default.store): Component.weight added (Double, optional)"
            ))
        #expect(
            try AppleStoreCommandTests.run(["check", "--sources", Self.tree, "--store", store], unchanging: store)
                .status == 0)
    }
}
