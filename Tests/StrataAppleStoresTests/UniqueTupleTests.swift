import Foundation
import Strata
import StrataAppleStores
import Testing

/// A SwiftData store whose model declares `#Unique<Person>([\.id], [\.givenName, \.familyName])`: Core Data keeps
/// both as NSUniqueTuples; the single one becomes `.unique`, the pair a `#Unique` group, as Strata's macro gives it.
@Suite struct UniqueTupleTests {
    @Test func aTupleOfSeveralAttributesBecomesAUniqueGroup() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unique-tuples-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("people.store")
        let person = BuiltStore.Entity(
            name: "Person",
            properties: [
                .attribute("id", type: 1100), .attribute("givenName", type: 700), .attribute("familyName", type: 700),
                .relationship("friend", destination: "Person", inverse: nil, toMany: false),
            ],
            uniqueTuples: [["id"], ["givenName", "familyName"], ["givenName", "friend"]])
        try BuiltStore.write(
            at: url, entities: [person], primaryKeys: [(1, "Person", 0)],
            sql:
                "CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZID BLOB, ZGIVENNAME VARCHAR, ZFAMILYNAME VARCHAR, ZFRIEND INTEGER)"
        )
        let (schema, notes) = try AppleStore(url: url).schema()
        let entity = try #require(schema.entitiesByName["Person"])
        #expect(entity.attribute(named: "id")?.isUnique == true)
        #expect(entity.uniquenessConstraints == [["givenName", "familyName"]])
        #expect(
            notes.map(\.description).contains {
                $0.contains(
                    "unique together (givenName, friend) is not carried over: a #Unique group can name only attributes Strata stores"
                )
            })
    }
}
