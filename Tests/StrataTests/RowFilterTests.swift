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
