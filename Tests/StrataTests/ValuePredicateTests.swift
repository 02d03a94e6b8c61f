import Foundation
import Testing

@testable import Strata

/// Predicates on each value type's stored form give what Swift's `==` and `<` give.
@Suite struct ValuePredicateTests {
    let directory = TemporaryDirectory()
    let context: ModelContext
    let uuids = [UUID(), UUID(), UUID()]

    init() throws {
        let url = directory.store()
        let writer = ModelContext(try openContainer(Values.Sample.self, at: url))
        for index in 0..<3 {
            let sample = Values.Sample()
            sample.string = "s\(index)"
            sample.bool = index == 1
            sample.uint64 = index == 2 ? .max : UInt64(index)
            sample.uint = index == 2 ? .max : UInt(index)
            sample.int8 = Int8(index - 1)
            sample.double = Double(index) / 10
            sample.float = Float(index) / 10
            sample.decimal = Decimal(string: ["1.50", "2", "-0.25"][index])!
            sample.date = Date(timeIntervalSinceReferenceDate: Double(index) + 0.000_1)
            sample.data = Data([UInt8(index)])
            sample.uuid = uuids[index]
            sample.url = URL(string: "https://example.com/\(index)")!
            sample.level = index == 0 ? .low : .high
            sample.point = Values.Point(x: index, y: 0, label: "")
            sample.strings = Array(repeating: "x", count: index)
            writer.insert(sample)
        }
        try writer.save()
        context = ModelContext(try openContainer(Values.Sample.self, at: url))
    }

    /// The `string` of the samples a predicate selects, after checking SQL and memory agree.
    func strings(_ predicate: Predicate<Values.Sample>) throws -> [String] {
        let descriptor = FetchDescriptor(predicate: predicate)
        let sql = try context.fetch(descriptor).map(\.string)
        #expect(sql == (try context.fetch(descriptor, inMemory: true).map(\.string)))
        return sql
    }

    @Test func integers() throws {
        let max = UInt64.max
        #expect(try strings(#Predicate { $0.uint64 == max }) == ["s2"])
        #expect(try strings(#Predicate { $0.uint64 > 0 }) == ["s1", "s2"])
        let uintMax = UInt.max
        #expect(try strings(#Predicate { $0.uint < uintMax }) == ["s0", "s1"])
        #expect(try strings(#Predicate { $0.int8 < 0 }) == ["s0"])
    }

    @Test func boolsAndFloatingPoint() throws {
        #expect(try strings(#Predicate { $0.bool }) == ["s1"])
        #expect(try strings(#Predicate { !$0.bool }) == ["s0", "s2"])
        #expect(try strings(#Predicate { $0.bool == false }) == ["s0", "s2"])
        #expect(try strings(#Predicate { $0.double > 0.1 }) == ["s2"])
        #expect(try strings(#Predicate { $0.double >= 0.1 }) == ["s1", "s2"])
        let tenth: Float = 0.1
        #expect(try strings(#Predicate { $0.float == tenth }) == ["s1"])
        #expect(try strings(#Predicate { $0.float < 0.15 }) == ["s0", "s1"])
    }

    @Test func decimalsDatesAndBlobs() throws {
        let half = Decimal(string: "1.5")!
        #expect(try strings(#Predicate { $0.decimal == half }) == ["s0"])
        #expect(try strings(#Predicate { $0.decimal > 0 }) == ["s0", "s1"])
        let one = Date(timeIntervalSinceReferenceDate: 1.000_1)
        #expect(try strings(#Predicate { $0.date == one }) == ["s1"])
        #expect(try strings(#Predicate { $0.date > one }) == ["s2"])
        let bytes = Data([2])
        #expect(try strings(#Predicate { $0.data == bytes }) == ["s2"])
        let uuid = uuids[1]
        #expect(try strings(#Predicate { $0.uuid == uuid }) == ["s1"])
        let some = [uuids[0], uuids[2]]
        #expect(try strings(#Predicate { some.contains($0.uuid) }) == ["s0", "s2"])
        let url = URL(string: "https://example.com/0")!
        #expect(try strings(#Predicate { $0.url == url }) == ["s0"])
    }

    @Test func enumsAndJSON() throws {
        let high = Values.Level.high
        #expect(try strings(#Predicate { $0.level == high }) == ["s1", "s2"])
        let point = Values.Point(x: 1, y: 0, label: "")
        #expect(try strings(#Predicate { $0.point == point }) == ["s1"])
        #expect(try strings(#Predicate { $0.strings.count == 2 }) == ["s2"])
        #expect(try strings(#Predicate { $0.strings.isEmpty }) == ["s0"])
    }

    @Test func relationshipAgainstAModel() throws {
        let url = directory.store("links")
        let context = ModelContext(try openContainer(Links.Note.self, at: url))
        let saved = Links.Folder(name: "saved")
        context.insert(Links.Note(text: "in saved", folder: saved))
        context.insert(Links.Note(text: "loose"))
        try context.save()
        let unsaved = Links.Folder(name: "unsaved")
        let savedID = saved.persistentModelID
        let inSaved = FetchDescriptor<Links.Note>(predicate: #Predicate { $0.folder?.persistentModelID == savedID })
        #expect(try context.fetch(inSaved).map(\.text) == ["in saved"])
        #expect(try context.fetch(inSaved, inMemory: true).map(\.text) == ["in saved"])
        let unsavedID = unsaved.persistentModelID
        let inUnsaved = FetchDescriptor<Links.Note>(predicate: #Predicate { $0.folder?.persistentModelID == unsavedID })
        #expect(try context.fetch(inUnsaved).isEmpty)
        #expect(try context.fetch(inUnsaved, inMemory: true).isEmpty)
    }
}
