import Foundation
import Strata
import StrataExamples
import Testing

@testable import StrataTUI

/// `c` through the real session: the dry run of the bookshelf plan records its rows, the session answers with the
/// recorder's values, and the rows view formats them (changed columns first, renames and drops in the headers).
@Suite struct SessionRecordedChangesTests {
    @Test func theSessionAnswersWithRecordedValuesAndTheViewFormatsThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("bookshelf.store")
        try Bookshelf.makeDemoStore(at: url, rows: 12)
        let session = try Session(store: url, plan: Bookshelf.Plan.self, planName: "bookshelf")
        defer { session.shutdown() }

        session.perform(.run(all: true))
        let ended = try AppleStoreSessionTests.next(session) { action -> String? in
            if case .runEnded(let end) = action { return "\(end)" }
            return nil
        }
        #expect(ended == "completed")

        session.perform(.loadChanges(entity: "Book", kind: nil, offset: 0, limit: 5))
        let recorded = try #require(
            try AppleStoreSessionTests.next(session) { action -> RecordedChanges? in
                if case .changesLoaded(let recorded) = action { return recorded }
                return nil
            })
        #expect(recorded.since == "1.0.0")
        #expect(recorded.samples.count == 5)
        #expect(recorded.counts.changed == 12)

        let page = RowsPage(recorded: recorded)
        // The split's columns changed in every row; the rename's values did not, so it follows them.
        #expect(page.columns.first == "_pk")
        #expect(Set(page.columns.prefix(4)) == ["_pk", "author (dropped)", "firstName", "lastName"])
        #expect(page.columns.contains("isbnCode (was isbn)"))
        #expect(page.columns.firstIndex(of: "isbnCode (was isbn)")! > page.columns.firstIndex(of: "lastName")!)
        #expect(page.total == 12)
        let view = try #require(page.changes)
        #expect(view.rows.count == 5)
        let first = try #require(view.rows.first)
        #expect(first.kind == .changed)
        let firstName = try #require(page.columns.firstIndex(of: "firstName"))
        let cell = first.cells[firstName - 1]
        #expect(cell.changed && cell.before == nil && cell.after?.isEmpty == false)
        let isbn = try #require(page.columns.firstIndex(of: "isbnCode (was isbn)"))
        #expect(first.cells[isbn - 1].changed == false)
        #expect(first.cells[isbn - 1].before == first.cells[isbn - 1].after)
    }
}
