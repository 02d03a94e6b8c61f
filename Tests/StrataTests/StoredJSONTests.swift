import Foundation
import GRDB
import Testing

@testable import Strata

/// `StoredJSON`, the one JSON value type: its text is the text a save stores for a Codable value, whatever made it.
@Suite struct StoredJSONTests {
    let directory = TemporaryDirectory()

    @Test func aValueBuiltByHandHasTheTextASaveStores() throws {
        let url = directory.store("json")
        let context = ModelContext(try openContainer(Values.Sample.self, at: url))
        let sample = Values.Sample()
        sample.point = Values.Point(x: 3, y: 0.25, label: "a/b")
        context.insert(sample)
        try context.save()
        let stored = try DatabaseQueue(path: url.path).read { db in
            try String.fetchOne(db, sql: "SELECT point FROM Sample")
        }
        let built = StoredJSON.object(["label": .string("a/b"), "x": .integer(3), "y": .real(0.25)])
        #expect(stored == built.description)
        #expect(built.description == #"{"label":"a/b","x":3,"y":0.25}"#, "keys sorted, slashes unescaped")
        let decoded = try JSONDecoder().decode(StoredJSON.self, from: Data(try #require(stored).utf8))
        #expect(decoded == built)
    }

    @Test func aFloatPrintsAsSwiftPrintsAFloat() {
        #expect(StoredJSON.float(0.1).description == "0.1")
        #expect(StoredJSON.real(Double(Float(0.1))).description != "0.1")
        #expect(StoredJSON.real(.infinity).description == "null", "JSON holds no infinity")
    }
}
