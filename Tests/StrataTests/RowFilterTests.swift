import Foundation
import Strata
import StrataExamples
import Testing

/// The row filter syntax shared by `strata rows --where`, the UI's rows filter and `StoreInspector.rows`.
@Suite struct RowFilterTests {
    @Test func valuesMayHoldSpacesQuotedOrNot() throws {
        #expect(try RowFilter.parse("author=Jane Austen") == RowFilter(column: "author", value: "Jane Austen"))
        #expect(try RowFilter.parse(#"author="Jane Austen""#) == RowFilter(column: "author", value: "Jane Austen"))
        #expect(try RowFilter.parse("author='Jane Austen'") == RowFilter(column: "author", value: "Jane Austen"))
        #expect(
            try RowFilter.parse("note=a=b c") == RowFilter(column: "note", value: "a=b c"),
            "one --where: the rest is the value")
        #expect(
            try RowFilter.parseLine("author=Jane Austen year>1800 title~pride") == [
                RowFilter(column: "author", value: "Jane Austen"), RowFilter(column: "year", .greater, value: "1800"),
                RowFilter(column: "title", .contains, value: "pride"),
            ])
        #expect(
            try RowFilter.parseLine(#"title="War and Peace" _pk<=10 author!=Plato"#) == [
                RowFilter(column: "title", value: "War and Peace"), RowFilter(column: "_pk", .lessOrEqual, value: "10"),
                RowFilter(column: "author", .notEqual, value: "Plato"),
            ])
        #expect(try RowFilter.parseLine("   ").isEmpty)
        #expect(RowFilter(column: "author", value: "Jane Austen").description == #"author="Jane Austen""#)
    }

    @Test func malformedFiltersNameTheAcceptedForms() {
        for text in ["Plato", "=x", "9lives=1"] {
            #expect(throws: RowFilterError.malformed(text)) { try RowFilter.parseLine(text) }
        }
        // A quote that is never closed is part of the value (hostile values such as `'; DROP TABLE x` filter too).
        #expect((try? RowFilter.parseLine(#"author="Jane"#))?.map(\.value) == [#""Jane"#])
        #expect(RowFilterError.malformed("Plato").description.contains("column~text"))
    }

    @Test func storeRowsMatchContainsComparisonsAndNumbers() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("books")
        try Bookshelf.makeDemoStore(at: url, rows: 120)
        let inspector = StoreInspector(url: url)
        let austen = try inspector.rows(entity: "Book", filters: RowFilter.parseLine("author=Jane Austen"))
        #expect(austen.total == 10)
        let containing = try inspector.rows(entity: "Book", filters: RowFilter.parseLine("author~AUSTEN"))
        #expect(containing.total == 10, "contains ignores case")
        // Plato wrote books 9, 21, …: nine of the first ten are not his.
        #expect(try inspector.rows(entity: "Book", filters: RowFilter.parseLine("_pk<=10 author!=Plato")).total == 9)
        #expect(try inspector.rows(entity: "Book", filters: RowFilter.parseLine("_pk>100")).total == 20)
        #expect(
            throws: RowFilterError.unknownColumn(
                entity: "Book", column: "writer", columns: ["_pk", "author", "isbn", "title"])
        ) {
            try inspector.rows(entity: "Book", filters: [RowFilter(column: "writer", value: "x")])
        }
        #expect(throws: RowFilterError.self) {
            try inspector.rows(entity: "Book", filters: [RowFilter(column: "_pk", .greater, value: "many")])
        }
    }

    /// A date stands for the span its precision names: entry n of the ledger demo is booked n × 3,600.25 s after
    /// 2001-01-01T00:00:00Z, so 2001-01-01 holds entries 1–23 and 2001-01-02 entries 24–47.
    @Test func datesCompareAsTheDaySecondOrMillisecondWritten() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("ledger")
        try Ledger.makeDemoStore(at: url, rows: 100)
        let inspector = StoreInspector(url: url)
        func total(_ line: String) throws -> Int {
            try inspector.rows(entity: "Entry", filters: RowFilter.parseLine(line)).total
        }
        #expect(try total("booked=2001-01-01") == 23)
        #expect(try total("booked!=2001-01-01") == 77)
        #expect(try total("booked<2001-01-02") == 23)
        #expect(try total("booked<=2001-01-02") == 47)
        #expect(try total("booked>2001-01-02") == 53)
        #expect(try total("booked>=2001-01-02") == 77)
        #expect(try total("booked=2001-01-01T01:00:00Z") == 1, "the second of entry 1 (01:00:00.25)")
        #expect(try total("booked=2001-01-01T01:00:00.250Z") == 1, "its millisecond, as the rows show it")
        #expect(try total("booked=2001-01-01T01:00:00.252Z") == 0)
        let shown = try inspector.rows(entity: "Entry", limit: 1).rows[0]
        let columns = try inspector.rows(entity: "Entry", limit: 1).columns
        let booked = try #require(columns.firstIndex(of: "booked"))
        #expect(try total("booked=\(shown[booked])") == 1, "a date as the rows show it finds its row")
    }

    @Test func anUnknownEntityNamesTheStoresEntities() throws {
        let directory = TemporaryDirectory()
        let url = directory.store("books")
        try Bookshelf.makeDemoStore(at: url, rows: 3)
        let error = try #require(throws: StrataError.self) {
            try StoreInspector(url: url).rows(entity: "Magazine", filters: RowFilter.parseLine("title~x"))
        }
        guard case .unknownEntity(let store, let entity, let entities) = error else {
            Issue.record("expected unknownEntity, got \(error)")
            return
        }
        #expect(store == url.path && entity == "Magazine" && entities == ["Book"])
        #expect(error.description == "\(url.path) has no entity 'Magazine'; its entities are Book")
    }
}
