import Foundation
import GRDB
import Testing

@testable import Strata

/// Stores damaged by hand (metadata, tables, rows) give errors that say what is wrong, never a crash.
@Suite struct DamagedStoreTests {
    let directory = TemporaryDirectory()

    /// A saved store of notes in folders.
    func makeStore() throws -> URL {
        let url = directory.store()
        let context = ModelContext(try openContainer(Links.Note.self, at: url))
        let folder = Links.Folder(name: "F")
        context.insert(Links.Note(text: "a", folder: folder))
        context.insert(Links.Note(text: "b", folder: folder))
        try context.save()
        return url
    }

    @Test func metadataWithoutSchema() throws {
        let url = try makeStore()
        try editStore(at: url) { db in try db.execute(sql: "DELETE FROM _strata_metadata WHERE key = 'schema'") }
        let error = try #require(throws: SwiftDataError.self) { try openContainer(Links.Note.self, at: url) }
        #expect(error == .loadIssueModelContainer)
        guard case .corruptMetadata(let detail)? = error.underlyingError as? StrataError else {
            Issue.record("expected corruptMetadata, got \(error)")
            return
        }
        #expect(detail.contains("schema"))
    }

    @Test func metadataWithGarbageSchema() throws {
        let url = try makeStore()
        try editStore(at: url) { db in
            try db.execute(sql: "UPDATE _strata_metadata SET value = '{oops' WHERE key = 'schema'")
        }
        let message = errorMessage { _ = try openContainer(Links.Note.self, at: url) }
        #expect(message?.contains("metadata") == true)
    }

    @Test func metadataFromTheFuture() throws {
        let url = try makeStore()
        try editStore(at: url) { db in
            try db.execute(sql: "UPDATE _strata_metadata SET value = '99' WHERE key = 'format'")
        }
        let message = errorMessage { _ = try openContainer(Links.Note.self, at: url) }
        #expect(message?.contains("format 99") == true)
    }

    @Test func droppedTable() throws {
        let url = try makeStore()
        try editStore(at: url) { db in try db.execute(sql: "DROP TABLE \"Note\"") }
        let message = errorMessage {
            let context = ModelContext(try openContainer(Links.Note.self, at: url))
            _ = try context.fetch(FetchDescriptor<Links.Note>())
        }
        #expect(message?.contains("Note") == true)
    }

    @Test func joinRowsAndKeysPointingNowhere() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Links.Student.self, at: url))
            let student = Links.Student(name: "S")
            context.insert(student)
            student.courses = [Links.Course(title: "C")]
            try context.save()
        }
        try editStore(at: url) { db in
            let table = try String.fetchOne(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE name LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE '\\_strata%' ESCAPE '\\' AND type = 'table'"
            )!
            try db.execute(sql: "INSERT INTO \"\(table)\" (source, target, position) VALUES (1, 77, 1), (77, 1, 0)")
        }
        let context = ModelContext(try openContainer(Links.Student.self, at: url))
        let student = try #require(try context.fetch(FetchDescriptor<Links.Student>()).first)
        #expect(student.courses.map(\.title) == ["C"])
        let course = try #require(try context.fetch(FetchDescriptor<Links.Course>()).first)
        #expect(course.students.map(\.name) == ["S"])
    }
}
