import Foundation
import GRDB
import Strata
import Testing

/// The recorder snapshots only what a stage can change; these check, against the same stages run for real and
/// compared by plain SQL and dictionaries, that it still sees every change: an entity a lightweight stage fills
/// (snapshot alone, the notes being most of the store), one it only renames (counted from the copy alone) and one a
/// custom stage's code changes though no change of the stage names it.
extension RowChangeRecorderTests {
    @Test func everyStageReportsTheEntitiesItChangesEvenWhereNoChangeNamesThem() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("notebooks")
        try makeNotebooksV1(at: url, notes: 400)
        let stages = try stageByStage(
            url, plan: NotebooksPlan.self, versions: ["2.0.0", "3.0.0", "4.0.0"], in: directory)
        let report = try Migrator.dryRun(store: url, plan: NotebooksPlan.self, rows: RowChangeOptions(sampleLimit: 5))
        #expect(report.succeeded)
        #expect(report.stages.count == 3)
        func expected(_ stage: Int, _ table: String, renamed: [String: String] = [:]) throws -> PlainComparison {
            PlainComparison(
                before: try PlainRows(stages[stage], table), after: try PlainRows(stages[stage + 1], table),
                renamed: renamed)
        }

        // The rename leaves every note as it was; the notebooks are not part of the stage.
        let rename = report.stages[0].rowChanges
        #expect(rename.map(\.entity) == ["Note"])
        let renamedNotes = try expected(0, "Note", renamed: ["text": "body"])
        #expect(renamedNotes.changed.isEmpty && renamedNotes.kept.count == 400)
        #expect(rename.first?.unchanged == 400 && rename.first?.changed == 0 && rename.first?.properties == [])

        // Made required with a default: Inbox and Empty had no color and get "blue"; Work keeps green.
        let fill = report.stages[1].rowChanges
        #expect(fill.map(\.entity) == ["Notebook"])
        let colored = try expected(1, "Notebook")
        #expect(colored.changed.count == 2 && colored.kept.count == 3)
        let notebooks = try #require(fill.first)
        #expect(notebooks.changed == colored.changed.count && notebooks.unchanged == 1)
        #expect(notebooks.properties.map { "\($0.property) \($0.kind.rawValue) \($0.rows)" } == ["color changed 2"])
        #expect(
            Set(notebooks.samples.map { "\($0.before?["name"] ?? .null) \($0.after?["color"] ?? .null)" }) == [
                "Inbox blue", "Empty blue",
            ])

        // The custom stage's diff names only Note, but its code renamed one notebook and deleted another.
        let custom = report.stages[2].rowChanges
        #expect(Set(custom.map(\.entity)) == ["Note", "Notebook"])
        let tidied = try #require(custom.first { $0.entity == "Notebook" })
        let plainTidied = try expected(2, "Notebook")
        #expect(plainTidied.changed.count == 1 && plainTidied.deleted.count == 1 && plainTidied.inserted.isEmpty)
        #expect(tidied.changed == 1 && tidied.deleted == 1 && tidied.unchanged == 1 && tidied.inserted == 0)
        let deleted = try #require(tidied.samples.first { $0.kind == .deleted })
        #expect(deleted.before?["name"] == .text("Empty") && deleted.after == nil)
        let renamed = try #require(tidied.samples.first { $0.kind == .changed })
        #expect(renamed.before?["name"] == .text("Inbox") && renamed.after?["name"] == .text("Unsorted"))
        let counted = try #require(custom.first { $0.entity == "Note" })
        let plainCounted = try expected(2, "Note")
        #expect(counted.changed == plainCounted.changed.count && counted.changed == 400)
        #expect(counted.properties.map { "\($0.property) \($0.kind.rawValue) \($0.rows)" } == ["wordCount filled 400"])
    }

    @Test func changesSinceTheStoreSpanStagesThatSnapshotDifferentTables() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("notebooks")
        try makeNotebooksV1(at: url, notes: 40)
        let migrator = try Migrator.onPrivateCopy(of: url, plan: NotebooksPlan.self)
        try migrator.recordRowChanges(RowChangeOptions(sampleLimit: 0))
        let recorder = try #require(migrator.rowRecorder)
        _ = try migrator.runAll()
        // Since 1.0.0: Inbox renamed and colored, Empty deleted, Work as it was.
        let notebooks = try #require(try recorder.changesSinceStore(of: "Notebook"))
        #expect(notebooks.changed == 1 && notebooks.deleted == 1 && notebooks.unchanged == 1)
        let page = try recorder.page(of: "Notebook", kind: nil, counts: notebooks, offset: 0, limit: 10)
        #expect(
            page.map { "\($0.kind.rawValue) \($0.before?["name"] ?? .null) \($0.before?["color"] ?? .null)" } == [
                "changed Inbox NULL", "unchanged Work green", "deleted Empty NULL",
            ])
        // body (1.0.0) and text (4.0.0) are one property, compared; wordCount is filled.
        let notes = try #require(try recorder.changesSinceStore(of: "Note"))
        #expect(notes.changed == 40 && notes.deleted == 0 && notes.inserted == 0)
        #expect(notes.properties.map { "\($0.property) \($0.kind.rawValue) \($0.rows)" } == ["wordCount filled 40"])
    }
}
