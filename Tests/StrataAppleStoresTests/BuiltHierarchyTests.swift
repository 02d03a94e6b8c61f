import Foundation
import GRDB
import StrataAppleStores
import Testing

/// Layouts no fixture covers, in stores built as the real ones are (see `BuiltStore`): a three-level hierarchy,
/// siblings and cousins declaring one name with different types, a many-to-many between subentities, a renamed
/// entity whose old name Z_PRIMARYKEY still holds, and rows of an entity number the model does not know.
@Suite struct BuiltHierarchyTests {
    /// Animal (abstract) -> Bird -> Parrot (renamed from Macaw), Animal -> Fish -> Shark; Bird.friends <-> Fish.friendsOf.
    static let model: [BuiltStore.Entity] = [
        .init(
            name: "Animal", abstract: true,
            properties: [.attribute("name", type: 700), .attribute("mood", type: 700, transient: true)]),
        .init(
            name: "Bird", parent: "Animal",
            properties: [
                .attribute("size", type: 300), .attribute("wingspan", type: 500),
                .relationship("friends", destination: "Fish", inverse: "friendsOf", toMany: true, ordered: true),
            ]),
        .init(
            name: "Fish", parent: "Animal",
            properties: [
                .attribute("size", type: 700),
                .relationship("friendsOf", destination: "Bird", inverse: "friends", toMany: true),
            ]),
        .init(
            name: "Parrot", parent: "Bird", renamingIdentifier: "Macaw",
            properties: [.attribute("words", type: 700), .attribute("label", type: 700)]),
        .init(name: "Shark", parent: "Fish", properties: [.attribute("label", type: 100)]),
    ]

    /// Entity numbers as Core Data gives them in the wire stores (each root, then its subentities, alphabetically);
    /// Parrot's row still holds its old name, Macaw.
    static let primaryKeys = [(1, "Animal", 0), (2, "Bird", 1), (3, "Fish", 1), (4, "Macaw", 2), (5, "Shark", 3)]

    /// ZANIMAL with columns added family by family in Z_ENT order, the later of two same-named ones numbered (as
    /// ZMESSAGE in coredata-wire); the join table Z_<ent><NAME> with Z_<ent><INVERSE> for the owner's keys and
    /// Z_<ent><NAME> for the target's, and the Z_FOK_ position beside the target's column (Z_15USERS,
    /// Z_2OTHERACTIVEPARTICIPANTS in coredata-wire). `labels` says which column holds Parrot's and which Shark's label.
    static func sql(parrotLabel: String = "ZLABEL", sharkLabel: String = "ZLABEL1") -> String {
        """
        CREATE TABLE ZANIMAL (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZSIZE INTEGER, ZLABEL VARCHAR, ZLABEL1 VARCHAR,
            ZNAME VARCHAR, ZWINGSPAN FLOAT, ZSIZE1 VARCHAR, ZWORDS VARCHAR);
        INSERT INTO ZANIMAL (Z_PK, Z_ENT, Z_OPT, ZNAME, ZSIZE, ZWINGSPAN) VALUES (1, 2, 1, 'Tweety', 12, 0.25);
        INSERT INTO ZANIMAL (Z_PK, Z_ENT, Z_OPT, ZNAME, ZSIZE1) VALUES (2, 3, 1, 'Nemo', 'small');
        INSERT INTO ZANIMAL (Z_PK, Z_ENT, Z_OPT, ZNAME, ZSIZE, ZWORDS, \(parrotLabel)) VALUES (3, 4, 1, 'Polly', 30, 'hello', 'green');
        INSERT INTO ZANIMAL (Z_PK, Z_ENT, Z_OPT, ZNAME, ZSIZE1, \(sharkLabel)) VALUES (4, 5, 1, 'Bruce', 'large', 7);
        INSERT INTO ZANIMAL (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (5, 9, 1, 'Ghost');
        CREATE TABLE Z_2FRIENDS (Z_2FRIENDSOF INTEGER, Z_3FRIENDS INTEGER, Z_FOK_3FRIENDS INTEGER, PRIMARY KEY (Z_2FRIENDSOF, Z_3FRIENDS));
        INSERT INTO Z_2FRIENDS VALUES (1, 2, 1024), (3, 4, 2048), (3, 2, 1024);
        """
    }

    private func built(_ sql: String) throws -> (URL, () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-built-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("Zoo.sqlite")
        try BuiltStore.write(at: url, entities: Self.model, primaryKeys: Self.primaryKeys, sql: sql)
        return (url, { try? FileManager.default.removeItem(at: directory) })
    }

    private func values(_ page: AppleRowPage, _ column: String) -> [String] {
        guard let index = page.columns.firstIndex(of: column) else { return ["no column \(column)"] }
        return page.rows.map { $0[index].description }
    }

    @Test func threeLevelsSameNamesOfDifferentTypesAndARenamedEntity() throws {
        let (url, remove) = try built(Self.sql())
        defer { remove() }
        let store = try AppleStore(url: url)
        #expect(store.renamedEntities.map(\.entity) == ["Parrot"])
        #expect(store.renamedEntities.map(\.storedName) == ["Macaw"])
        #expect(store.model.ancestors(of: "Parrot") == ["Bird", "Animal"])
        // Counts with subentities; the row of the unknown entity number 9 is in no entity, but reported.
        let counts = Dictionary(uniqueKeysWithValues: try store.rowCounts().map { ($0.entity, $0.rows) })
        #expect(counts == ["Animal": 4, "Bird": 2, "Fish": 2, "Parrot": 1, "Shark": 1])
        #expect(store.unmatchedRows.map(\.rows) == [1])
        #expect(store.unmatchedRows.first?.entityNumber == 9)
        let animals = try store.rows(of: "Animal")
        #expect(animals.columns == ["Z_PK", "entity", "name"], "the transient mood has no column")
        #expect(values(animals, "entity") == ["Bird", "Fish", "Parrot", "Shark"])
        #expect(animals.notes.contains { $0.contains("1 row(s) of ZANIMAL have Z_ENT 9") })

        let parrot = try store.rows(of: "Parrot")
        #expect(values(parrot, "name") == ["Polly"])
        #expect(values(parrot, "size") == ["30"]) // Bird's Integer 64 in ZSIZE
        #expect(values(parrot, "words") == ["hello"])
        #expect(values(parrot, "label") == ["green"]) // Parrot (Z_ENT 4) comes before Shark (5): ZLABEL
        let shark = try store.rows(of: "Shark")
        #expect(values(shark, "size") == ["large"]) // Fish's String in ZSIZE1
        #expect(values(shark, "label") == ["7"]) // Integer 16 in ZLABEL1
        #expect(!shark.notes.contains { $0.hasPrefix("label") || $0.hasPrefix("size") })
        let fish = try store.rows(of: "Fish")
        #expect(values(fish, "size") == ["small", "large"])
        let birds = try store.rows(of: "Bird")
        #expect(values(birds, "size") == ["12", "30"])
        #expect(values(birds, "wingspan") == ["0.25", "NULL"])
        // The many-to-many between subentities, both ways; Parrot's friends in their Z_FOK_ order.
        #expect(values(birds, "friends") == ["[Fish#2]", "[Fish#2, Fish#4]"])
        #expect(values(fish, "friendsOf") == ["[Bird#1, Bird#3]", "[Bird#3]"])
    }

    @Test func valuesThatRefuteTheNumberingRuleDecide() throws {
        let (url, remove) = try built(Self.sql(parrotLabel: "ZLABEL1", sharkLabel: "ZLABEL"))
        defer { remove() }
        let store = try AppleStore(url: url)
        #expect(values(try store.rows(of: "Parrot"), "label") == ["green"])
        #expect(values(try store.rows(of: "Shark"), "label") == ["7"])
        #expect(!(try store.rows(of: "Shark").notes.contains { $0.hasPrefix("label") }))
    }

    @Test func aColumnThatCannotBeDeterminedIsReportedAndStillShowsItsValue() throws {
        // No ZLABEL/ZLABEL1 (the rule's columns) but ZLABEL2..4, and ZLABEL2 holds both Parrot's and Shark's values:
        // no assignment fits, so each row shows the candidate that holds its value, and a note says so.
        let sql = Self.sql().replacingOccurrences(
            of: "ZLABEL VARCHAR, ZLABEL1 VARCHAR", with: "ZLABEL2 VARCHAR, ZLABEL3 VARCHAR, ZLABEL4 VARCHAR"
        )
        .replacingOccurrences(of: "ZWORDS, ZLABEL)", with: "ZWORDS, ZLABEL2)")
        .replacingOccurrences(of: "ZSIZE1, ZLABEL1)", with: "ZSIZE1, ZLABEL2)")
        let (url, remove) = try built(sql)
        defer { remove() }
        let store = try AppleStore(url: url)
        let parrot = try store.rows(of: "Parrot")
        let shark = try store.rows(of: "Shark")
        #expect(values(parrot, "label") == ["green"])
        #expect(values(shark, "label") == ["7"])
        #expect(parrot.notes.contains { $0.hasPrefix("label: Parrot, Shark each declare label") })
        #expect(shark.notes.contains { $0.hasPrefix("label: Parrot, Shark each declare label") })
    }

    @Test func importKeepsTheFamilyTheRenamedEntityAndReportsUnknownRows() throws {
        let (url, remove) = try built(Self.sql())
        defer { remove() }
        let destination = url.deletingLastPathComponent().appendingPathComponent("Zoo.store")
        let report = try AppleStoreImport.run(from: url, to: destination)
        #expect(
            Dictionary(uniqueKeysWithValues: report.rows.map { ($0.entity, $0.rows) }) == [
                "Animal": 0, "Bird": 1, "Fish": 1, "Parrot": 1, "Shark": 1,
            ])
        #expect(report.notes.contains { $0.entity == "ZANIMAL" && $0.message.contains("Z_ENT 9") })
        #expect(!report.notes.contains { $0.property == "mood" })
        let shark: [String?] = try Fixtures.sqlite(destination) { db in
            try Row.fetchAll(db, sql: "SELECT \"label\", \"size\" FROM \"Shark\"").flatMap {
                [String(describing: $0[0] as Int64? ?? -1), $0[1] as String?]
            }
        }
        #expect(shark == ["7", "large"])
    }
}
