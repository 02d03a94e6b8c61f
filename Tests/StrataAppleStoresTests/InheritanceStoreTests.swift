import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Testing

/// The messaging app's Core Data stores (coredata-wire): entity inheritance with subentities sharing ZMESSAGE,
/// sibling properties of one name in numbered columns, numbered join-table columns, transient and ordered properties.
@Suite
struct InheritanceStoreTests {
    static let stores = ["store1-25", "store2-50-0", "store2-101-0"]

    /// The columns Core Data numbered, per store, by "Entity.property" (every other property is `Z` + its name
    /// upper-cased). Read from each store's `CREATE TABLE ZMESSAGE`: Core Data adds each entity's columns in `Z_ENT`
    /// order, so the first of two siblings' columns is unnumbered; and confirmed by the values: in store1-25 the 1,681
    /// TextMessage rows hold text only in ZTEXT1 and SystemMessage rows only in ZTEXT; in store2-50-0 the three
    /// ClientMessage rows hold `delivered` only in ZDELIVERED1.
    static let numbered: [String: [String: String]] = [
        "store1-25": ["TextMessage.text": "ZTEXT1", "ClientMessage.delivered": "ZDELIVERED1"],
        "store2-50-0": ["TextMessage.text": "ZTEXT1", "ClientMessage.delivered": "ZDELIVERED1"],
        "store2-101-0": ["TextMessage.text": "ZTEXT1"],
    ]

    @Test(arguments: stores)
    func everyValueOfEveryEntityIsTheRawSQLiteValue(_ name: String) throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url("coredata-wire/\(name).wiredatabase")
        let before = Fixtures.digest(url)
        let store = try AppleStore(url: url)
        // Entity numbers, parents and tables as Z_PRIMARYKEY states them.
        let (numbers, tables): ([String: Int64], [String: String]) = try Fixtures.sqlite(url) { db in
            let rows = try Row.fetchAll(db, sql: "SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY WHERE Z_ENT < 16000")
            let names = Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as Int64, $0[1] as String) })
            let parents = Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as Int64, $0[2] as Int64) })
            var tables: [String: String] = [:]
            for (number, entity) in names {
                var root = number
                while let parent = parents[root], parent != 0 { root = parent }
                tables[entity] = "Z" + (names[root] ?? "").uppercased()
            }
            return (Dictionary(uniqueKeysWithValues: names.map { ($1, $0) }), tables)
        }
        var compared = 0
        var raws: [String: [Int64: DatabaseValue]] = [:]
        for entity in store.entityNames {
            let page = try store.rows(of: entity, limit: 100_000)
            #expect(
                Set(page.columns).count == page.columns.count, "\(name) \(entity): duplicate columns \(page.columns)")
            #expect(page.notes.isEmpty, "\(name) \(entity): \(page.notes)")
            let entityColumn = page.columns.firstIndex(of: "entity")
            try Fixtures.sqlite(url) { db in
                for attribute in store.model.storedAttributes(of: entity) {
                    guard let index = page.columns.firstIndex(of: attribute.name) else {
                        Issue.record("\(name) \(entity).\(attribute.name) is not shown")
                        continue
                    }
                    for row in page.rows {
                        guard case .integer(let key) = row[0] else { continue }
                        let rowEntity = entityColumn.map { row[$0].description } ?? entity
                        let column =
                            Self.numbered[name]?["\(rowEntity).\(attribute.name)"] ?? "Z" + attribute.name.uppercased()
                        let source = "\(rowEntity).\(column)"
                        if raws[source] == nil {
                            raws[source] = try RawValues.column(
                                column, of: tables[rowEntity] ?? "", entities: [numbers[rowEntity] ?? -1], in: db)
                        }
                        let raw = raws[source]?[key]
                        #expect(
                            row[index] == RawValues.expected(raw ?? .null, kind: attribute.kind),
                            "\(name) \(rowEntity)#\(key).\(attribute.name) (\(column))")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1000)
        #expect(Fixtures.digest(url) == before)
    }

    @Test func textMessagesReadTheirTextFromTheNumberedColumn() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let store = try AppleStore(url: fixtures.url("coredata-wire/store1-25.wiredatabase"))
        let page = try store.rows(of: "TextMessage", limit: 5000)
        let text = try #require(page.columns.firstIndex(of: "text"))
        #expect(page.rows.count == 1681)
        #expect(page.rows.filter { $0[text] != .null }.count == 1681)
        #expect(page.rows.first?[text] == .text("Hello World 6")) // SELECT ZTEXT1 FROM ZMESSAGE WHERE Z_PK = 2
        // SystemMessage, the earlier sibling, reads ZTEXT: Z_PK 79 holds the invitation text there.
        let system = try store.rows(of: "SystemMessage", limit: 1, filters: [RowFilter(column: "Z_PK", value: "79")])
        let systemText = try #require(system.columns.firstIndex(of: "text"))
        #expect(system.rows.first?[systemText].description.hasPrefix("Hi Florian,") == true)
        // Subentities list each inherited property once, and no transient ones.
        #expect(store.model.entity(named: "TextMessage")?.attributes.map(\.name) == ["text"])
        #expect(!page.columns.contains("nonce"), "nonce is transient")
        #expect(page.columns.contains("nonce_data"))
    }

    @Test func aRequiredBoolInTheNumberedColumnReadsItsValue() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url("coredata-wire/store2-50-0.wiredatabase")
        let store = try AppleStore(url: url)
        let page = try store.rows(of: "ClientMessage", limit: 100)
        let delivered = try #require(page.columns.firstIndex(of: "delivered"))
        let raw: [Int64] = try Fixtures.sqlite(url) { db in
            try Int64.fetchAll(db, sql: "SELECT ZDELIVERED1 FROM ZMESSAGE WHERE Z_ENT = 7 ORDER BY Z_PK")
        }
        #expect(raw.count == 3)
        #expect(page.rows.map { $0[delivered] } == raw.map { .bool($0 != 0) })
    }

    @Test(arguments: [
        ("store2-101-0", "Z_15USERS", "Z_15SYSTEMMESSAGES", "Z_23USERS1"),
        ("store2-50-0", "Z_10USERS", "Z_10SYSTEMMESSAGES", "Z_15USERS1"),
        ("store1-25", "Z_9USERS", "Z_9SYSTEMMESSAGES", "Z_13USERS"),
    ])
    func manyToManyThroughNumberedJoinColumnsReadsBothSides(
        _ name: String, _ table: String, _ messages: String, _ users: String
    ) throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url("coredata-wire/\(name).wiredatabase")
        let store = try AppleStore(url: url)
        let pairs: [(Int64, Int64)] = try Fixtures.sqlite(url) { db in
            try Row.fetchAll(db, sql: "SELECT \"\(messages)\", \"\(users)\" FROM \"\(table)\"").map { ($0[0], $0[1]) }
        }
        #expect(pairs.count >= 30)
        let fromMessages = try Self.links(store, "SystemMessage", "users", ownerFirst: true)
        #expect(fromMessages == Set(pairs.map { "\($0.0)-\($0.1)" }))
        #expect(try Self.links(store, "User", "systemMessages", ownerFirst: false) == fromMessages)
    }

    /// Every "message-user" pair a to-many column of an entity's rows shows.
    private static func links(_ store: AppleStore, _ entity: String, _ relationship: String, ownerFirst: Bool) throws
        -> Set<String>
    {
        let page = try store.rows(of: entity, limit: 1000)
        let column = try #require(page.columns.firstIndex(of: relationship))
        var links: Set<String> = []
        for row in page.rows {
            guard case .references(let targets) = row[column] else { continue }
            for target in targets { links.insert(ownerFirst ? "\(row[0])-\(target.key)" : "\(target.key)-\(row[0])") }
        }
        return links
    }

    @Test func orderedRelationshipsFollowTheirStoredOrder() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url("coredata-wire/store1-25.wiredatabase")
        let store = try AppleStore(url: url)
        // Conversation.messages (ordered, inverse Message.visibleInConversation): Z_FOK_VISIBLEINCONVERSATION holds
        // each message's position; Conversation.otherActiveParticipants (ordered many-to-many): Z_FOK_13OTHERACTIVEPARTICIPANTS.
        let (messages, participants): ([Int64], [Int64]) = try Fixtures.sqlite(url) { db in
            (
                try Int64.fetchAll(
                    db,
                    sql:
                        "SELECT Z_PK FROM ZMESSAGE WHERE ZVISIBLEINCONVERSATION = 2 ORDER BY Z_FOK_VISIBLEINCONVERSATION"
                ),
                try Int64.fetchAll(
                    db,
                    sql:
                        "SELECT Z_13OTHERACTIVEPARTICIPANTS FROM Z_2OTHERACTIVEPARTICIPANTS WHERE Z_2ACTIVECONVERSATIONS = 2 ORDER BY Z_FOK_13OTHERACTIVEPARTICIPANTS"
                )
            )
        }
        #expect(messages.count == 52 && messages.prefix(3) == [482, 490, 541])
        #expect(participants == [2, 6, 3])
        let page = try store.rows(of: "Conversation", limit: 1, filters: [RowFilter(column: "Z_PK", value: "2")])
        let column = { (name: String) -> [Int64] in
            guard let index = page.columns.firstIndex(of: name),
                case .references(let targets)? = page.rows.first?[index]
            else { return [] }
            return targets.map(\.key)
        }
        #expect(column("messages") == messages)
        #expect(column("otherActiveParticipants") == participants)
    }

    @Test(arguments: stores)
    func importCarriesTheValuesAndNotesNothingFalse(_ name: String) throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url("coredata-wire/\(name).wiredatabase")
        let destination = fixtures.directory.appendingPathComponent("\(name).store")
        let report = try AppleStoreImport.run(from: url, to: destination)
        for note in report.notes {
            #expect(!note.message.contains("fetched property"), "\(note)")
            #expect(!note.message.contains("type 0"), "\(note)")
        }
        let store = try AppleStore(url: url)
        let rows = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.entity, $0.rows) })
        for entity in store.entityNames {
            #expect(rows[entity] == (try store.rowCount(of: entity, includingSubentities: false)), "\(entity)")
        }
        // TextMessage's text as imported equals ZTEXT1, row by row.
        let imported: [String: String?] = try Fixtures.sqlite(destination) { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT \"_pk\", \"text\" FROM \"TextMessage\"")
                    .map { (String($0[0] as Int64), $0[1] as String?) })
        }
        let expected: [String: String?] = try Fixtures.sqlite(url) { db in
            let number =
                try Int64.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'TextMessage'") ?? -1
            return Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(
                    db, sql: "SELECT Z_PK, ZTEXT1 FROM ZMESSAGE WHERE Z_ENT = ?", arguments: [number]
                )
                .map { (String($0[0] as Int64), $0[1] as String?) })
        }
        #expect(imported == expected)
    }
}
