import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Testing

/// Reading every real store in the fixtures: format, model, metadata, rows; the copies never change.
@Suite
struct AppleStoreReadingTests {
    @Test(arguments: Fixtures.stores)
    func everyStoreReadsWithoutChangingItsFiles(_ path: String) throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url(path)
        let before = Fixtures.digest(url)
        #expect(try StoreFormat.detect(at: url) == .apple)
        let store = try AppleStore(url: url)
        #expect(!store.entityNames.isEmpty)
        // Row counts equal what SQLite reports (with the -wal applied), per root table and Z_ENT.
        let expected: [String: Int] = try Fixtures.sqlite(url) { db in
            var counts: [String: Int] = [:]
            // An entity's rows include its subentities' (Z_SUPER names each one's parent).
            let rows = try Row.fetchAll(db, sql: "SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY WHERE Z_ENT < 16000")
            let parents = Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as Int64, $0[2] as Int64) })
            for row in rows {
                let number: Int64 = row[0]
                let name: String = row[1]
                let root = store.model.root(of: name)
                let exactly =
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM \"Z\(root.uppercased())\" WHERE Z_ENT = ?", arguments: [number])
                    ?? 0
                var ancestor: Int64? = number
                while let current = ancestor, current != 0,
                    let entity = rows.first(where: { $0[0] as Int64 == current })
                {
                    counts[entity[1] as String, default: 0] += exactly
                    ancestor = parents[current]
                }
            }
            return counts
        }
        for (entity, rows) in try store.rowCounts() {
            #expect(rows == expected[entity], "\(path) \(entity)")
            let page = try store.rows(of: entity, limit: 100_000)
            #expect(page.rows.count == rows)
            #expect(page.total == rows)
        }
        if let matches = store.metadata.checksumMatches { #expect(matches, "\(path) checksum") }
        if let matches = store.metadata.digestMatches { #expect(matches, "\(path) digest") }
        #expect(store.metadata.entityHashes.keys.sorted() == store.entityNames)
        _ = store.schema()
        _ = try store.historyTables.map { try store.historyRows(of: $0) }
        #expect(Fixtures.digest(url) == before)
    }

    @Test func swiftDataStoreWithRowsInTheWAL() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url("swiftdata-resourcesmanager/default.store")
        let before = Fixtures.digest(url)
        let store = try AppleStore(url: url)
        #expect(store.metadata.versionIdentifiers == ["1.0.0"])
        #expect(store.metadata.frameworkVersion == 1345)
        #expect(store.metadata.storeUUID == "1D070E6D-145B-4367-8928-974368B60AC7")
        #expect(store.metadata.storedChecksum == "6T24D3nNvz6qsg0dO7y7IA3tlbZ0QpK/AwmP5KiXXgw=")
        #expect(store.metadata.computedChecksum == store.metadata.storedChecksum)
        #expect(store.metadata.checksumMatches == true)
        #expect(store.metadata.digestMatches == true)
        #expect(store.model.versionIdentifiers == ["1.0.0"])
        #expect(store.entityNames == ["Component", "CraftingRecipe", "Item"])
        #expect(try store.rowCounts().map(\.rows) == [5, 4, 7])
        #expect(store.historyTables == ["ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING"])
        #expect(try store.historyRows(of: "ATRANSACTIONSTRING").total > 0)
        #expect(throws: AppleStoreError.self) { try store.historyRows(of: "ZITEM") }

        let (schema, notes) = store.schema()
        #expect(notes.isEmpty)
        #expect(schema.version == Schema.Version(1, 0, 0))
        let component = try #require(schema.entitiesByName["Component"])
        #expect(component.attributes.map(\.name) == ["count", "id"])
        #expect(component.attribute(named: "id")?.valueType == .uuid)
        #expect(component.attribute(named: "id")?.defaultValue?.hasPrefix("UUID(uuidString: \"1B9FD00D-") == true)
        #expect(component.attribute(named: "count")?.defaultValue == "1")
        #expect(component.attribute(named: "count")?.isOptional == false)
        let item = try #require(schema.entitiesByName["Item"])
        #expect(item.attribute(named: "name")?.isUnique == true)
        let recipe = try #require(schema.entitiesByName["CraftingRecipe"])
        #expect(recipe.attribute(named: "producedItemCount")?.defaultValue == "\"1\"")
        let required = try #require(recipe.relationship(named: "requiredComponents"))
        #expect(required.isToMany && required.destination == "Component" && required.inverse == "craftingRecipe")
        #expect(required.deleteRule == .nullify)
        #expect(component.relationship(named: "item")?.isToMany == false)
        #expect(component.relationship(named: "item")?.inverse == nil)

        let items = try store.rows(of: "Item")
        #expect(items.columns == ["Z_PK", "name", "craftingRecipe"])
        let axe = try #require(items.rows.first { $0[0] == .integer(1) })
        #expect(axe[1] == .text("Stone Axe"))
        #expect(axe[2] == .reference(AppleObjectReference(entity: "CraftingRecipe", key: 1)))
        let components = try store.rows(of: "Component")
        let first = try #require(components.rows.first { $0[0] == .integer(3) })
        #expect(
            first[components.columns.firstIndex(of: "id") ?? 0]
                == .uuid(try #require(UUID(uuidString: "7C1EA5A6-0D9B-4B74-A530-13251F4943D8"))))
        let recipes = try store.rows(of: "CraftingRecipe")
        let recipeOne = try #require(recipes.rows.first { $0[0] == .integer(1) })
        guard case .references(let targets) = recipeOne[recipes.columns.firstIndex(of: "requiredComponents") ?? 0]
        else {
            Issue.record("requiredComponents is not a to-many value")
            return
        }
        #expect(targets.allSatisfy { $0.entity == "Component" })
        #expect(Fixtures.digest(url) == before)
    }

    @Test func coreDataCartWithDecimalsDatesAndInverse() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let store = try AppleStore(url: fixtures.url("coredata-cartkit/CartStorage_v1.sqlite"))
        #expect(store.metadata.versionIdentifiers == [""])
        #expect(store.metadata.frameworkVersion == 1523)
        #expect(store.metadata.checksumMatches == true)
        #expect(store.defaultVersion == nil)
        #expect(store.entityNames == ["CDCart", "CDCartItem", "CDCartItemModifier"])
        let items = try store.rows(of: "CDCartItem")
        let row = try #require(items.rows.first)
        func value(_ column: String) -> AppleValue? { items.columns.firstIndex(of: column).map { row[$0] } }
        #expect(value("totalPriceAmount") == .decimal(10))
        #expect(value("unitPriceAmount") == .decimal(5))
        #expect(value("quantity") == .integer(2))
        #expect(value("productId") == .text("burger"))
        #expect(value("cart") == .reference(AppleObjectReference(entity: "CDCart", key: 1)))
        let carts = try store.rows(of: "CDCart")
        let cart = try #require(carts.rows.first)
        #expect(
            cart[carts.columns.firstIndex(of: "createdAt") ?? 0]
                == .date(Date(timeIntervalSinceReferenceDate: 791474371.290433)))
        #expect(
            cart[carts.columns.firstIndex(of: "items") ?? 0]
                == .references([AppleObjectReference(entity: "CDCartItem", key: 1)]))
        #expect(
            cart[carts.columns.firstIndex(of: "metadataJSON") ?? 0]
                == .blob(Data("{\"source\":\"legacy-fixture\"}".utf8)))
        let schema = store.schema().schema
        #expect(schema.entitiesByName["CDCart"]?.relationship(named: "items")?.deleteRule == .cascade)
        #expect(schema.entitiesByName["CDCart"]?.attribute(named: "minSubtotalAmount")?.defaultValue == "0")
        #expect(schema.entitiesByName["CDCart"]?.attribute(named: "maxItemCount")?.valueType == .int32)
    }

    @Test func swiftDataToManyWithoutInverseUsesTheHiddenColumn() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let store = try AppleStore(url: fixtures.url("swiftdata-cartkit/CartKitSwiftData_v1.sqlite"))
        let carts = try store.rows(of: "CartModel")
        let cart = try #require(carts.rows.first)
        #expect(cart[carts.columns.firstIndex(of: "id") ?? 0] == .text("31D0046D-3C85-410E-BBB0-141FC0105E06"))
        #expect(cart[carts.columns.firstIndex(of: "items") ?? 0] == .references([]))
        let relationship = try #require(store.schema().schema.entitiesByName["CartModel"]?.relationship(named: "items"))
        #expect(relationship.isToMany && relationship.inverse == nil && relationship.deleteRule == .cascade)
        #expect(store.schema().schema.entitiesByName["CartItemModel"]?.attribute(named: "id")?.isUnique == true)
    }

    /// The 1.3.0 store predates the model file named after it: its embedded model and its tables (no ZPROJECT
    /// column in ZTODOITEM) have Project without the todoItem / project relationships the file declares, so only
    /// entities and attributes are compared there.
    @Test(arguments: [
        (
            "coredata-bnr-coredatastack/TestModel.sqlite",
            "coredata-bnr-coredatastack/TestModel.xcdatamodel.contents.xml", true
        ),
        ("coredata-easylife/EasyLife_1.3.0.sqlite", "coredata-easylife/EasyLife_1.3.0.xcdatamodel.xml", false),
        ("coredata-easylife/EasyLife_1.5.0.sqlite", "coredata-easylife/EasyLife_1.5.0.xcdatamodel.xml", true),
    ])
    func modelEqualsTheModelFile(_ store: String, _ model: String, _ compareRelationships: Bool) throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let expected = try ModelXML.read(fixtures.url(model))
        let apple = try AppleStore(url: fixtures.url(store))
        #expect(Set(apple.entityNames) == Set(expected.keys))
        for entity in apple.model.entities {
            #expect(Set(entity.attributes.map(\.name)) == expected[entity.name]?.attributes, "\(entity.name)")
            if compareRelationships {
                #expect(Set(entity.relationships.map(\.name)) == expected[entity.name]?.relationships, "\(entity.name)")
            } else {
                #expect(entity.relationships.isEmpty)
                #expect(
                    try Fixtures.sqlite(fixtures.url(store)) { try $0.columns(in: "ZTODOITEM").map(\.name) }.contains(
                        "ZPROJECT") == false)
            }
        }
        #expect(apple.metadata.checksumMatches == nil)
    }

    @Test func manyToManyJoinTablesAndOldStores() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let easy = try AppleStore(url: fixtures.url("coredata-easylife/EasyLife_1.5.0.sqlite"))
        let todo = try #require(easy.model.entity(named: "TodoItem"))
        #expect(todo.relationships.map(\.name) == ["blockedBy", "blocking", "project"])
        #expect(easy.schema().schema.entitiesByName["TodoItem"]?.attribute(named: "repeats")?.valueType == .int16)
        #expect(easy.schema().schema.entitiesByName["Project"]?.attribute(named: "priority")?.defaultValue == "-1")
        let page = try easy.rows(of: "TodoItem")
        #expect(page.total == 6)
        #expect(page.rows.first?[page.columns.firstIndex(of: "name") ?? 0] == .text("call landlord"))
        #expect(page.rows.first?[page.columns.firstIndex(of: "blocking") ?? 0] == .references([]))
        let old = try AppleStore(url: fixtures.url("coredata-easylife/EasyLife.sqlite"))
        #expect(old.metadata.frameworkVersion == 754)
        #expect(try old.rowCount(of: "TodoItem") == 158)
        let rows = try old.rows(of: "TodoItem", limit: 1)
        #expect(
            rows.rows.first?[rows.columns.firstIndex(of: "date") ?? 0]
                == .date(Date(timeIntervalSinceReferenceDate: 514_504_800)))
        #expect(rows.rows.first?[rows.columns.firstIndex(of: "done") ?? 0] == .bool(true))
        let books = try AppleStore(url: fixtures.url("coredata-bnr-coredatastack/TestModel.sqlite"))
        #expect(books.schema().schema.entitiesByName["Author"]?.relationship(named: "books")?.inverse == "authors")
    }

    @Test func freezeRayVersionsDiffLikeAPlan() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let v1 = try AppleStore(url: fixtures.url("swiftdata-freezeray/App-1_0_0.sqlite"))
        let v2 = try AppleStore(url: fixtures.url("swiftdata-freezeray/App-2_0_0.sqlite"))
        #expect(v1.metadata.versionIdentifiers == ["1.0.0"])
        #expect(v2.metadata.versionIdentifiers == ["2.0.0"])
        let diff = SchemaDiff(from: v1.schema().schema, to: v2.schema().schema)
        #expect(diff.changes.map(\.description).count == 1)
        #expect(diff.changes.first?.property == "email")
    }

    @Test func strataStoresAndOtherFilesAreToldApart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-apple-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let strata = directory.appendingPathComponent("S.store")
        let queue = try DatabaseQueue(path: strata.path)
        try queue.write {
            try $0.execute(sql: "CREATE TABLE _strata_metadata (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
        }
        try queue.close()
        #expect(try StoreFormat.detect(at: strata) == .strata)
        #expect(throws: AppleStoreError.self) { try AppleStore(url: strata) }
        let other = directory.appendingPathComponent("other.sqlite")
        let otherQueue = try DatabaseQueue(path: other.path)
        try otherQueue.write { try $0.execute(sql: "CREATE TABLE t (x)") }
        try otherQueue.close()
        #expect(throws: AppleStoreError.self) { try StoreFormat.detect(at: other) }
        let text = directory.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: text)
        #expect(throws: AppleStoreError.self) { try StoreFormat.detect(at: text) }
        #expect(throws: AppleStoreError.self) {
            try StoreFormat.detect(at: directory.appendingPathComponent("missing.store"))
        }
        #expect(throws: AppleStoreError.self) { try StoreFormat.detect(at: directory) }
    }

    @Test func filtersReadValuesAsTheRowsShowThem() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let cartKit = try AppleStore(url: fixtures.url("coredata-cartkit/CartStorage_v1.sqlite"))
        let created = Date(timeIntervalSinceReferenceDate: 791474371.290433)
        let shown = AppleValue.date(created).description
        #expect(try cartKit.rows(of: "CDCart", filters: [RowFilter(column: "createdAt", value: shown)]).total == 1)
        let wholeSecond = ISO8601DateFormatter().string(from: created)
        #expect(
            try cartKit.rows(of: "CDCart", filters: [RowFilter(column: "createdAt", value: wholeSecond)]).total == 1)
        #expect(
            try cartKit.rows(of: "CDCart", filters: [RowFilter(column: "createdAt", value: "2001-01-01T00:00:00Z")])
                .total == 0)
        #expect(
            try cartKit.rows(
                of: "CDCartItem",
                filters: [
                    RowFilter(column: "totalPriceAmount", value: "10"), RowFilter(column: "productId", value: "burger"),
                ]
            ).total
                == 1)
        #expect(
            try cartKit.rows(of: "CDCartItem", filters: [RowFilter(column: "totalPriceAmount", value: "11")]).total == 0
        )
        #expect(try cartKit.rows(of: "CDCartItem", filters: [RowFilter(column: "cart", value: "1")]).total == 1)
        for (entity, column, value, reason) in [
            ("CDCartItem", "quantity", "two", "quantity holds numbers, got 'two'"),
            ("CDCart", "metadataJSON", "x", "cannot be filtered"),
            ("CDCart", "items", "1", "only to-one relationships"),
            ("CDCart", "createdAt", "yesterday", "createdAt is a date: write it as 2020-01-31"),
        ] {
            #expect {
                try cartKit.rows(of: entity, filters: [RowFilter(column: column, value: value)])
            } throws: { error in
                guard case .invalidFilter(_, let named, let filtered, let message)? = error as? AppleStoreError else {
                    return false
                }
                return named == entity && filtered == column && message.contains(reason)
            }
        }
        let resources = try AppleStore(url: fixtures.url("swiftdata-resourcesmanager/default.store"))
        let components = try resources.rows(
            of: "Component", filters: [RowFilter(column: "id", value: "7C1EA5A6-0D9B-4B74-A530-13251F4943D8")])
        #expect(components.total == 1 && components.rows.first?.first == .integer(3))
    }
}
