import Foundation
import GRDB
import Testing

@testable import Strata

/// Files that are not stores, values edited by hand and unsupported types give clear errors, never a crash.
@Suite struct BadDataTests {
    let directory = TemporaryDirectory()

    /// Opens `url`, expecting SwiftData's load issue carrying Strata's `notAStore` for that path; returns the latter.
    @discardableResult
    func expectNotAStore(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) -> StrataError? {
        do {
            _ = try openContainer(Values.Sample.self, at: url)
            Issue.record("opening \(url.lastPathComponent) did not throw", sourceLocation: sourceLocation)
        } catch let error as SwiftDataError {
            // SwiftData's case for a store it cannot load, carrying Strata's reason.
            #expect(error == .loadIssueModelContainer, sourceLocation: sourceLocation)
            guard let strata = error.underlyingError as? StrataError, case .notAStore(let path, _, _) = strata else {
                Issue.record("expected notAStore, got \(error)", sourceLocation: sourceLocation)
                return nil
            }
            #expect(path == url.path, sourceLocation: sourceLocation)
            return strata
        } catch {
            Issue.record("expected notAStore, got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test func randomBytesAreNotAStore() throws {
        let url = directory.store("random")
        var generator = SystemRandomNumberGenerator()
        try Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
        let before = try Data(contentsOf: url)
        let error = expectNotAStore(url)
        #expect(error?.code == .notADatabase)
        #expect(error?.description == "\(url.path) is not a Strata store: SQLite reports \"file is not a database\".")
        #expect(try Data(contentsOf: url) == before)
    }

    /// A real store whose pages after the first were overwritten (a bad sector, a copy patched by hand): SQLite's
    /// header and table list read, the tables do not. The error keeps SQLite's code for a caller to switch on.
    @Test func damagedPagesAreACorruptStore() throws {
        let saved = directory.store("saved")
        do {
            let context = ModelContext(try openContainer(Values.Sample.self, at: saved))
            for _ in 0..<50 { context.insert(Values.Sample()) }
            try context.save()
        }
        // The store whole in one file (its -wal folded in), as a copy of it would be.
        let url = directory.store("damaged")
        try DatabaseQueue(path: saved.path).writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [url.path])
        }
        var bytes = try Data(contentsOf: url)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        #expect(bytes.count > pageSize * 2, "the store has pages beyond the first")
        bytes.replaceSubrange(pageSize..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - pageSize))
        try bytes.write(to: url)

        let error = expectNotAStore(url)
        #expect(error?.code == .corrupt)
        #expect(
            error?.description
                == "\(url.path) is not a Strata store: SQLite reports \"database disk image is malformed\".")
        switch error?.code {
        case .corrupt?, .notADatabase?: break
        default:
            Issue.record("a caller switching on the code does not see a damaged file: \(String(describing: error))")
        }
    }

    @Test func textFileIsNotAStore() throws {
        let url = directory.store("text")
        try Data("hello, this is not a database\n".utf8).write(to: url)
        expectNotAStore(url)
    }

    @Test func emptyNonSQLiteLookingFileIsNotAStore() throws {
        let url = directory.store("header")
        try Data("SQLite format 3\u{0}".utf8 + Data(count: 84)).write(to: url)
        expectNotAStore(url)
    }

    /// SQLite reads a zero-byte file as an empty database, so it becomes a new store (as `touch x.store` suggests).
    @Test func zeroByteFileBecomesANewStore() throws {
        let url = directory.store("zero")
        try Data().write(to: url)
        let context = ModelContext(try openContainer(Values.Assigned.self, at: url))
        context.insert(Values.Assigned(title: "first"))
        try context.save()
        #expect(try rowCount("Assigned", at: url) == 1)
    }

    @Test func foreignSQLiteDatabaseIsNotAStore() throws {
        let url = directory.store("foreign")
        try editStore(at: url) { db in
            try db.execute(sql: "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute(sql: "INSERT INTO customers (name) VALUES ('x')")
        }
        expectNotAStore(url)
        #expect(try rowCount("customers", at: url) == 1)
        let tables = try DatabaseQueue(path: url.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master")
        }
        #expect(tables == ["customers"])
    }

    @Test func directoryIsNotAStore() throws {
        let url = directory.store("folder")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        expectNotAStore(url)
    }

    /// A store with one saved sample whose `column` is then set by hand to `value`; returns the fetch's error message.
    func fetchError(column: String, value: DatabaseValue) throws -> String? {
        let url = directory.store(UUID().uuidString)
        do {
            let context = ModelContext(try openContainer(Values.Sample.self, at: url))
            context.insert(Values.Sample())
            try context.save()
        }
        try editStore(at: url) { db in
            try db.execute(sql: "UPDATE \"Sample\" SET \"\(column)\" = ?", arguments: [value])
        }
        let context = ModelContext(try openContainer(Values.Sample.self, at: url))
        do {
            _ = try context.fetch(FetchDescriptor<Values.Sample>())
        } catch let error as StrataError {
            return error.description
        }
        return nil
    }

    /// Sets a NOT NULL column to NULL by rebuilding the table without the constraint, as a careless tool might.
    func nullError(column: String) throws -> String? {
        let url = directory.store(UUID().uuidString)
        do {
            let context = ModelContext(try openContainer(Values.Sample.self, at: url))
            context.insert(Values.Sample())
            try context.save()
        }
        try editStore(at: url) { db in
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(
                sql:
                    "UPDATE sqlite_master SET sql = replace(sql, '\"\(column)\" TEXT NOT NULL', '\"\(column)\" TEXT') WHERE name = 'Sample'"
            )
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        try editStore(at: url) { db in try db.execute(sql: "UPDATE \"Sample\" SET \"\(column)\" = NULL") }
        let context = ModelContext(try openContainer(Values.Sample.self, at: url))
        do {
            _ = try context.fetch(FetchDescriptor<Values.Sample>())
        } catch let error as StrataError {
            return error.description
        }
        return nil
    }

    @Test func nullInARequiredColumn() throws {
        let message = try #require(try nullError(column: "string"))
        #expect(message.contains("Sample.string"))
        #expect(message.contains("NULL"))
    }

    @Test func textInAnIntColumn() throws {
        let message = try #require(try fetchError(column: "int", value: "forty-two".databaseValue))
        #expect(message.contains("Sample.int"))
        #expect(message.contains("forty-two"))
    }

    @Test func outOfRangeInteger() throws {
        let message = try #require(try fetchError(column: "int8", value: 1_000.databaseValue))
        #expect(message.contains("Sample.int8"))
    }

    @Test func rawValueThatIsNoCase() throws {
        let mood = try #require(try fetchError(column: "mood", value: "furious".databaseValue))
        #expect(mood.contains("Sample.mood"))
        #expect(mood.contains("furious"))
        let level = try #require(try fetchError(column: "level", value: 9.databaseValue))
        #expect(level.contains("Sample.level"))
    }

    @Test func malformedJSON() throws {
        let point = try #require(try fetchError(column: "point", value: "{\"x\": 1,".databaseValue))
        #expect(point.contains("Sample.point"))
        let wrongShape = try #require(try fetchError(column: "strings", value: "[1, 2]".databaseValue))
        #expect(wrongShape.contains("Sample.strings"))
    }

    @Test func badBlobs() throws {
        let uuid = try #require(try fetchError(column: "uuid", value: Data([1, 2, 3]).databaseValue))
        #expect(uuid.contains("Sample.uuid"))
        let date = try #require(try fetchError(column: "date", value: "yesterday".databaseValue))
        #expect(date.contains("Sample.date"))
        let decimal = try #require(try fetchError(column: "decimal", value: "lots".databaseValue))
        #expect(decimal.contains("Sample.decimal"))
        let bool = try #require(try fetchError(column: "bool", value: "yes".databaseValue))
        #expect(bool.contains("Sample.bool"))
    }

    @Test func danglingOptionalRelationshipReadsAsNil() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Links.Note.self, at: url))
            context.insert(Links.Note(text: "orphan", folder: Links.Folder(name: "F")))
            try context.save()
        }
        try editStore(at: url) { db in
            try db.execute(sql: "UPDATE \"Note\" SET \"folder\" = 999")
        }
        let context = ModelContext(try openContainer(Links.Note.self, at: url))
        let notes = try context.fetch(FetchDescriptor<Links.Note>())
        #expect(notes.map(\.text) == ["orphan"])
        #expect(notes.first?.folder == nil)
    }

    @Test func unsupportedPropertyTypeIsInvalidSchema() throws {
        let url = directory.store()
        let error = try #require(throws: StrataError.self) { try openContainer(Unstorable.Holder.self, at: url) }
        guard case .invalidSchema(let problems) = error else {
            Issue.record("expected invalidSchema, got \(error)")
            return
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("Holder.opaque") == true)
        #expect(problems.first?.contains("Opaque") == true)
        #expect("\(error)".contains("Holder.opaque"))
    }

    @Test func modelTypesOutsideTheSchema() throws {
        let context = ModelContext(try openContainer(Values.Assigned.self, at: directory.store()))
        let fetchError = errorMessage { _ = try context.fetch(FetchDescriptor<Values.Sample>()) }
        #expect(fetchError?.contains("Sample") == true)
        context.insert(Values.Sample())
        let saveError = errorMessage { try context.save() }
        #expect(saveError?.contains("Sample") == true)
        #expect(saveError?.contains("not a model of this container") == true)
    }
}
