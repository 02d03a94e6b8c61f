import Foundation
import Testing

@testable import Strata

/// A measurement an app might keep: one-letter coordinates, names that share their length and first and last
/// letters (the property-name table's hash), and names outside ASCII.
@Model final class SensorReading {
    var x: Double
    var y: Double
    var name: String
    var note: String
    var nine: Int
    var größe: Int
    var 名前: String?

    init(x: Double, y: Double, name: String, note: String, nine: Int, größe: Int, 名前: String?) {
        self.x = x
        self.y = y
        self.name = name
        self.note = note
        self.nine = nine
        self.größe = größe
        self.名前 = 名前
    }
}

/// Property reads and writes find each attribute by its name, whatever the name: colliding hashes, one-letter
/// names (which Swift may give the accessors as a single-scalar literal) and non-ASCII names.
@Suite struct PropertyNameLookupTests {
    let directory = TemporaryDirectory()

    @Test func everyNameFindsItsOwnPosition() {
        let names = ["x", "y", "name", "note", "nine", "größe", "名前", "", "title"]
        let positions = AttributePositions(names)
        for (position, name) in names.enumerated() {
            #expect(positions[name] == position, "\(name)")
        }
        #expect(positions["nane"] == nil)
        #expect(positions["z"] == nil)
        #expect(positions["names"] == nil)
        #expect(positions["größ"] == nil)
    }

    @Test func staticNamesMatchTheirStrings() {
        let positions = AttributePositions(["x", "é", "name", "名前"])
        let x: StaticString = "x"
        let accent: StaticString = "é"
        let name: StaticString = "name"
        let kanji: StaticString = "名前"
        #expect(positions[x] == 0)
        #expect(positions[accent] == 1)
        #expect(positions[name] == 2)
        #expect(positions[kanji] == 3)
    }

    @Test func aRepeatedNameKeepsItsFirstPosition() {
        let positions = AttributePositions(["a", "b", "a"])
        #expect(positions["a"] == 0)
        #expect(positions["b"] == 1)
    }

    @Test func manyNamesStayDistinct() {
        // Two hundred names of one length, first and last letter: every lookup probes past the others.
        let names = (0..<200).map { "p\(String(format: "%03d", $0))q" }
        let positions = AttributePositions(names)
        for (position, name) in names.enumerated() { #expect(positions[name] == position) }
        #expect(positions["p200q"] == nil)
    }

    @Test func aModelWithSuchNamesRoundTripsAndTracksChanges() throws {
        let store = directory.store()
        do {
            let context = ModelContext(try openContainer(SensorReading.self, at: store))
            context.insert(SensorReading(x: 1.5, y: -2, name: "north", note: "calm", nine: 9, größe: 180, 名前: "山"))
            context.insert(SensorReading(x: 0, y: 0, name: "origin", note: "", nine: 0, größe: 0, 名前: nil))
            try context.save()
        }
        let context = ModelContext(try openContainer(SensorReading.self, at: store))
        let readings = try context.fetch(FetchDescriptor<SensorReading>(sortBy: [SortDescriptor(\.name)]))
        #expect(readings.map(\.x) == [1.5, 0])
        #expect(readings.map(\.y) == [-2, 0])
        #expect(readings.map(\.name) == ["north", "origin"])
        #expect(readings.map(\.note) == ["calm", ""])
        #expect(readings.map(\.nine) == [9, 0])
        #expect(readings.map(\.größe) == [180, 0])
        #expect(readings.map(\.名前) == ["山", nil])

        readings[0].x = 3
        readings[0].名前 = nil
        readings[1].größe = 7
        #expect(readings[0].hasChanges && readings[1].hasChanges)
        try context.save()
        let again = ModelContext(context.container)
        let stored = try again.fetch(FetchDescriptor<SensorReading>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored.map(\.x) == [3, 0])
        #expect(stored.map(\.名前) == [nil, nil])
        #expect(stored.map(\.größe) == [180, 7])
        #expect(try again.fetchCount(FetchDescriptor<SensorReading>(predicate: #Predicate { $0.x > 2 })) == 1)
    }
}
