import Foundation
import GRDB
import Testing

@testable import Strata

/// Distinct unique values are distinct rows for every value type, and equal ones upsert, within one save and
/// across saves (SwiftData's documented `@Attribute(.unique)` behaviour).
@Suite struct UniqueKeyTypeTests {
    let directory = TemporaryDirectory()

    /// The repro: two items with a unique `id: UUID`, saved together, are two rows.
    @Test func newItemsWithUniqueUUIDsSavedTogetherAreTwoRows() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(UniqueKeys.Item.self, UniqueKeys.Note.self, at: url))
        context.insert(UniqueKeys.Item(name: "x"))
        context.insert(UniqueKeys.Item(name: "y"))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<UniqueKeys.Item>()) == 2)
        #expect(try rowCount("Item", at: url) == 2)
        let names = try ModelContext(try openContainer(UniqueKeys.Item.self, UniqueKeys.Note.self, at: url))
            .fetch(FetchDescriptor<UniqueKeys.Item>(sortBy: [SortDescriptor(\.name)])).map(\.name)
        #expect(names == ["x", "y"])
    }

    /// Children built on several new parents before the first save stay with their own parent.
    @Test func cascadeChildrenStayWithTheirOwnParent() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(UniqueKeys.Item.self, UniqueKeys.Note.self, at: url))
        for name in ["groceries", "errands", "books"] {
            let item = UniqueKeys.Item(name: name)
            context.insert(item)
            item.notes = (1...3).map { UniqueKeys.Note(text: "\(name) \($0)") }
        }
        try context.save()

        let reopened = ModelContext(try openContainer(UniqueKeys.Item.self, UniqueKeys.Note.self, at: url))
        let items = try reopened.fetch(FetchDescriptor<UniqueKeys.Item>(sortBy: [SortDescriptor(\.name)]))
        #expect(items.map(\.name) == ["books", "errands", "groceries"])
        for item in items {
            #expect(item.notes.map(\.text).sorted() == (1...3).map { "\(item.name) \($0)" })
        }
        #expect(try rowCount("Note", at: url) == 9)

        reopened.delete(items[0])
        try reopened.save()
        #expect(try rowCount("Note", at: url) == 6)
        #expect(try rowCount("Item", at: url) == 2)
    }

    /// A second save with an item carrying an existing id updates that row (the upsert still works for UUIDs).
    @Test func anExistingUUIDUpserts() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(UniqueKeys.Item.self, UniqueKeys.Note.self, at: url))
        let first = UniqueKeys.Item(name: "first")
        context.insert(first)
        context.insert(UniqueKeys.Item(name: "other"))
        try context.save()
        let again = UniqueKeys.Item(name: "again")
        again.id = first.id
        context.insert(again)
        try context.save()
        let names = try ModelContext(try openContainer(UniqueKeys.Item.self, UniqueKeys.Note.self, at: url))
            .fetch(FetchDescriptor<UniqueKeys.Item>(sortBy: [SortDescriptor(\.name)])).map(\.name)
        #expect(names == ["again", "other"])
    }

    @Test func blobsOfEqualLength() throws {
        try check(UniqueKeys.Blob.self, Data([1, 2, 3, 4]), Data([4, 3, 2, 1]))
        try check(UniqueKeys.Blob.self, Data(), Data([0]))
    }

    @Test func optionalBlobsAndUUIDs() throws {
        try check(UniqueKeys.Token.self, Data(repeating: 7, count: 16), Data(repeating: 8, count: 16))
        try check(UniqueKeys.Badge.self, UUID(), UUID())
    }

    @Test func decimals() throws {
        try check(UniqueKeys.Amount.self, Decimal(string: "0.1")!, Decimal(string: "0.10000000000000000001")!)
    }

    @Test func unsignedAboveInt64Max() throws {
        try check(UniqueKeys.Counter.self, UInt64.max, UInt64(Int64.max) + 1)
        try check(UniqueKeys.Counter.self, UInt64.max, UInt64(Int64.max))
    }

    @Test func doubles() throws {
        try check(UniqueKeys.Reading.self, 0.1, 0.1 + 1e-16)
        try check(UniqueKeys.Reading.self, 1.0, -1.0)
    }

    /// 0.0 and -0.0 are equal in Swift (`==`) and in SQLite's comparison, so the second upserts into the first.
    @Test func zeroAndNegativeZeroAreOneKey() throws {
        let url = directory.store()
        let context = ModelContext(try openContainer(UniqueKeys.Reading.self, at: url))
        context.insert(UniqueKeys.Reading(key: 0.0, name: "plus"))
        context.insert(UniqueKeys.Reading(key: -0.0, name: "minus"))
        try context.save()
        #expect(try rowCount("Reading", at: url) == 1)
    }

    @Test func codableStructsEnumsDatesURLsStringsAndInts() throws {
        try check(
            UniqueKeys.Place.self, UniqueKeys.Coordinate(latitude: 1, longitude: 2),
            UniqueKeys.Coordinate(latitude: 2, longitude: 1))
        try check(UniqueKeys.Slot.self, UniqueKeys.Shelf.top, .bottom)
        try check(
            UniqueKeys.Event.self, Date(timeIntervalSinceReferenceDate: 1), Date(timeIntervalSinceReferenceDate: 1.001))
        try check(UniqueKeys.Link.self, URL(string: "https://example.org/a")!, URL(string: "https://example.org/b")!)
        try check(UniqueKeys.Tag.self, "café", "cafe\u{301}")
        try check(UniqueKeys.Ticket.self, Int.min, Int.max)
    }

    /// Two distinct keys are two rows within one save; a third object with the first key upserts into its row,
    /// within one save and in a later one; the store holds what a reference computed without Strata says.
    private func check<T: UniquelyKeyed>(_ type: T.Type, _ a: T.Key, _ b: T.Key) throws {
        let url = directory.store("\(T.self)-\(UUID().uuidString)")
        let table = "\(T.self)".split(separator: ".").last.map(String.init) ?? ""
        do {
            let context = ModelContext(try openContainer(T.self, at: url))
            context.insert(T(key: a, name: "a1"))
            context.insert(T(key: b, name: "b1"))
            try context.save()
            #expect(try rowCount(table, at: url) == 2, "\(T.self): two distinct keys in one save")
            context.insert(T(key: a, name: "a2"))
            context.insert(T(key: b, name: "b2"))
            context.insert(T(key: a, name: "a3"))
            try context.save()
        }
        #expect(try rowCount(table, at: url) == 2, "\(T.self): equal keys upsert")
        let names = try ModelContext(try openContainer(T.self, at: url)).fetch(FetchDescriptor<T>()).map(\.name)
            .sorted()
        #expect(names == ["a3", "b2"], "\(T.self)")
    }
}
