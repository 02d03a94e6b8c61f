import Foundation
import Strata
import Testing

/// Every value type survives a save, a close and a reopen of the store file.
@Suite struct ValueTypeRoundTripTests {
    let directory = TemporaryDirectory()

    /// Saves `model` in a fresh store, reopens the file and returns the only fetched model of its type.
    func roundTrip<T: PersistentModel>(_ model: T) throws -> T? {
        let url = directory.store(UUID().uuidString)
        do {
            let context = ModelContext(try openContainer(T.self, at: url))
            context.insert(model)
            try context.save()
        }
        let fetched = try ModelContext(try openContainer(T.self, at: url)).fetch(FetchDescriptor<T>())
        #expect(fetched.count == 1)
        return fetched.first
    }

    @Test func everyRequiredValueType() throws {
        let sample = Values.Sample()
        let uuid = UUID()
        let date = Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_7)
        sample.string = "héllo ✓ \"quoted\""
        sample.bool = true
        sample.int = .min
        sample.int8 = .min
        sample.int16 = .max
        sample.int32 = .min
        sample.int64 = .max
        sample.uint = .max
        sample.uint8 = .max
        sample.uint16 = .max
        sample.uint32 = .max
        sample.uint64 = .max
        sample.double = 3.141_592_653_589_793
        sample.float = 1.25e-7
        sample.decimal = Decimal(string: "12345678901234567890.123456789")!
        sample.date = date
        sample.data = Data([0, 1, 2, 255])
        sample.uuid = uuid
        sample.url = URL(string: "https://example.com/a%20b?q=1#frag")!
        sample.mood = .sad
        sample.level = .high
        sample.point = Values.Point(x: -3, y: 0.5, label: "p/q")
        sample.strings = ["a", "", "c"]
        sample.ints = [3, -1, .max]
        sample.interval = 90.000_001

        let read = try #require(try roundTrip(sample))
        #expect(read.string == "héllo ✓ \"quoted\"")
        #expect(read.bool == true)
        #expect(read.int == .min)
        #expect(read.int8 == .min)
        #expect(read.int16 == .max)
        #expect(read.int32 == .min)
        #expect(read.int64 == .max)
        #expect(read.uint == .max)
        #expect(read.uint8 == .max)
        #expect(read.uint16 == .max)
        #expect(read.uint32 == .max)
        #expect(read.uint64 == UInt64.max)
        #expect(read.double == 3.141_592_653_589_793)
        #expect(read.float == 1.25e-7)
        #expect(read.decimal == Decimal(string: "12345678901234567890.123456789")!)
        #expect(read.date == date)
        #expect(read.date.timeIntervalSinceReferenceDate == date.timeIntervalSinceReferenceDate)
        #expect(read.data == Data([0, 1, 2, 255]))
        #expect(read.uuid == uuid)
        #expect(read.url == URL(string: "https://example.com/a%20b?q=1#frag")!)
        #expect(read.mood == .sad)
        #expect(read.level == .high)
        #expect(read.point == Values.Point(x: -3, y: 0.5, label: "p/q"))
        #expect(read.strings == ["a", "", "c"])
        #expect(read.ints == [3, -1, .max])
        #expect(read.interval == 90.000_001)
        #expect(read.order == 7)
    }

    @Test func optionalsNil() throws {
        let read = try #require(try roundTrip(Values.OptionalSample()))
        #expect(read.string == nil)
        #expect(read.bool == nil)
        #expect(read.int == nil)
        #expect(read.int8 == nil)
        #expect(read.int16 == nil)
        #expect(read.int32 == nil)
        #expect(read.int64 == nil)
        #expect(read.uint == nil)
        #expect(read.uint8 == nil)
        #expect(read.uint16 == nil)
        #expect(read.uint32 == nil)
        #expect(read.uint64 == nil)
        #expect(read.double == nil)
        #expect(read.float == nil)
        #expect(read.decimal == nil)
        #expect(read.date == nil)
        #expect(read.data == nil)
        #expect(read.uuid == nil)
        #expect(read.url == nil)
        #expect(read.mood == nil)
        #expect(read.level == nil)
        #expect(read.point == nil)
        #expect(read.strings == nil)
        #expect(read.ints == nil)
        #expect(read.interval == nil)
    }

    @Test func optionalsNonNil() throws {
        let sample = Values.OptionalSample()
        let uuid = UUID()
        let date = Date(timeIntervalSinceReferenceDate: -1_000.000_25)
        sample.string = ""
        sample.bool = false
        sample.int = 0
        sample.int8 = -1
        sample.int16 = -2
        sample.int32 = -3
        sample.int64 = -4
        sample.uint = 5
        sample.uint8 = 6
        sample.uint16 = 7
        sample.uint32 = 8
        sample.uint64 = UInt64.max - 1
        sample.double = -0.5
        sample.float = 2.5
        sample.decimal = Decimal(string: "0.1")!
        sample.date = date
        sample.data = Data()
        sample.uuid = uuid
        sample.url = URL(fileURLWithPath: "/tmp/a b.txt")
        sample.mood = .happy
        sample.level = .low
        sample.point = Values.Point(x: 1, y: 2, label: "")
        sample.strings = []
        sample.ints = [0]
        sample.interval = 0.25

        let read = try #require(try roundTrip(sample))
        #expect(read.string == "")
        #expect(read.bool == false)
        #expect(read.int == 0)
        #expect(read.int8 == -1)
        #expect(read.int16 == -2)
        #expect(read.int32 == -3)
        #expect(read.int64 == -4)
        #expect(read.uint == 5)
        #expect(read.uint8 == 6)
        #expect(read.uint16 == 7)
        #expect(read.uint32 == 8)
        #expect(read.uint64 == UInt64.max - 1)
        #expect(read.double == -0.5)
        #expect(read.float == 2.5)
        #expect(read.decimal == Decimal(string: "0.1")!)
        #expect(read.date == date)
        #expect(read.data == Data())
        #expect(read.uuid == uuid)
        #expect(read.url == URL(fileURLWithPath: "/tmp/a b.txt"))
        #expect(read.mood == .happy)
        #expect(read.level == .low)
        #expect(read.point == Values.Point(x: 1, y: 2, label: ""))
        #expect(read.strings == [])
        #expect(read.ints == [0])
        #expect(read.interval == 0.25)
    }

    @Test func defaultsAndInitialiserValues() throws {
        let read = try #require(try roundTrip(Values.Assigned(title: "first")))
        #expect(read.title == "first")
        #expect(read.order == 0)
        #expect(read.tags == ["new"])
        #expect(read.note == nil)
        let sample = try #require(try roundTrip(Values.Sample()))
        #expect(sample.order == 7)
        #expect(sample.mood == .happy)
    }

    @Test func defaultsArePartOfTheSchema() throws {
        let entity = try #require(Schema(Values.Assigned.self).entitiesByName["Assigned"])
        #expect(entity.attributes.first { $0.name == "order" }?.defaultValue == "0")
        #expect(entity.attributes.first { $0.name == "tags" }?.defaultValue == "[\"new\"]")
        #expect(entity.attributes.first { $0.name == "title" }?.defaultValue == nil)
    }

    @Test func changedValuesRoundTrip() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Values.Sample.self, at: url))
            let sample = Values.Sample()
            context.insert(sample)
            try context.save()
            sample.uint64 = .max
            sample.strings = ["changed"]
            sample.mood = .sad
            try context.save()
        }
        let read = try ModelContext(try openContainer(Values.Sample.self, at: url)).fetch(
            FetchDescriptor<Values.Sample>())
        #expect(read.map(\.uint64) == [.max])
        #expect(read.map(\.strings) == [["changed"]])
        #expect(read.map(\.mood) == [.sad])
    }

    /// Saves bind text and blobs by pointer and length: empty ones stay empty (not NULL) through an insert and an
    /// update, and text with multi-byte characters keeps every byte.
    @Test func emptyAndMultiByteValuesSurviveInsertAndUpdate() throws {
        let url = directory.store(UUID().uuidString)
        let sample = Values.Sample()
        sample.string = ""
        sample.data = Data()
        let context = ModelContext(try openContainer(Values.Sample.self, at: url))
        context.insert(sample)
        try context.save()
        sample.string = "日本語 ✓ 🙂"
        sample.data = Data([0, 0, 7])
        try context.save()
        sample.string = ""
        sample.data = Data()
        try context.save()
        var stored: [String] = []
        try editStore(at: url) { db in
            stored = try String.fetchAll(
                db,
                sql: "SELECT typeof(\"string\") || '/' || typeof(\"data\") || '/' || length(\"data\") FROM \"Sample\"")
        }
        #expect(stored == ["text/blob/0"])
        sample.string = "日本語 ✓ 🙂"
        try context.save()
        let read = try #require(
            try ModelContext(try openContainer(Values.Sample.self, at: url)).fetch(FetchDescriptor<Values.Sample>())
                .first)
        #expect(read.string == "日本語 ✓ 🙂" && read.data == Data())
    }
}
