import Foundation
import Testing

/// `strata migrate`: dry runs leave the store byte-identical; real runs need --yes without a terminal; --step, --backup.
@Suite struct MigrateCommandTests {
    @Test func dryRunLeavesTheStoreByteIdentical() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(plan: "trips", rows: 30)
        let before = TemporaryStore.digests(of: store)
        let run = try CommandRun.strata("migrate", store, "--plan", "trips", "--dry-run")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("stage 1/2 1.0.0 -> 2.0.0: started"))
        #expect(run.standardOutput.contains("1.0.0 -> 2.0.0: finished"))
        #expect(run.standardOutput.contains("A real run would take the store from 1.0.0 to 3.0.0."))
        #expect(TemporaryStore.digests(of: store) == before)
        #expect(try CommandRun.strata("info", store, "--json").json()["version"] as? String == "1.0.0")
    }

    @Test func dryRunJSONHasTheDocumentedShape() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 9)
        let before = TemporaryStore.digests(of: store)
        let run = try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--dry-run", "--json")
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["format"] as? String == "strata.migrate/1")
        #expect(json["dryRun"] as? Bool == true)
        #expect(json["from"] as? String == "1.0.0")
        #expect(json["target"] as? String == "3.0.0")
        #expect(json["reached"] as? String == "3.0.0")
        #expect(json["remaining"] as? Int == 0)
        #expect(json["succeeded"] as? Bool == true)
        #expect(json["failure"] == nil && json["backup"] == nil)
        let stages = try #require(json["stages"] as? [[String: Any]])
        #expect(stages.map { $0["status"] as? String } == ["succeeded", "succeeded"])
        #expect(stages.map { $0["kind"] as? String } == ["lightweight", "custom"])
        #expect(stages.allSatisfy { $0["rows"] is Int && $0["durationSeconds"] is Double && $0["changes"] is [Any] })
        let findings = try #require(stages[1]["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["kind"] as? String == "valuesDropped" && $0["count"] as? Int == 9 })
        #expect(TemporaryStore.digests(of: store) == before)
    }

    @Test func realRunWithoutATerminalNeedsYes() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 4)
        let before = TemporaryStore.digests(of: store)
        let run = try CommandRun.strata("migrate", store, "--plan", "bookshelf")
        #expect(run.status == 2)
        #expect(run.standardError.contains("pass --yes"))
        #expect(run.standardOutput.isEmpty)
        #expect(TemporaryStore.digests(of: store) == before)
    }

    @Test func stepRunsOneStageAndBackupKeepsTheOldVersion() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 4)
        let backup = directory.path("before.store")
        let run = try CommandRun.strata(
            "migrate", store, "--plan", "bookshelf", "--step", "--backup", backup, "--yes", "--json")
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["dryRun"] as? Bool == false)
        #expect(json["reached"] as? String == "2.0.0")
        #expect(json["remaining"] as? Int == 1)
        #expect(json["backup"] as? String == backup)
        #expect(try CommandRun.strata("info", store, "--json").json()["version"] as? String == "2.0.0")
        #expect(try CommandRun.strata("info", backup, "--json").json()["version"] as? String == "1.0.0")

        let rest = try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--yes")
        #expect(rest.status == 0)
        #expect(rest.standardOutput.contains("stage 1/1 2.0.0 -> 3.0.0: started"))
        #expect(rest.standardOutput.contains("migrated from 2.0.0 to 3.0.0"))
        let again = try CommandRun.strata("migrate", store, "--plan", "bookshelf")
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("already at 3.0.0; nothing to run"))
    }

    @Test func backupOntoAnExistingFileIsRefusedBeforeMigrating() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 2)
        let taken = try directory.file("taken.store", bytes: [1, 2, 3])
        let run = try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--backup", taken, "--yes")
        #expect(run.status == 3)
        #expect(run.standardError.contains("already exists"))
        #expect(try CommandRun.strata("info", store, "--json").json()["version"] as? String == "1.0.0")
    }
}
