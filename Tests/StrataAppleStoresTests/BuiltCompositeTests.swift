import Foundation
import StrataAppleStores
import Testing

/// Composite attributes no fixture shows, in stores built as the real one is (see `BuiltStore`): a struct nested in
/// a struct, a field whose name clashes with the entity's own attribute (`location.name` beside `name`, in `ZNAME` and
/// `ZNAME1` as metacocktails keeps `author.id` and `id`), values that refute Core Data's rule and decide, and values
/// that leave the column undetermined (said so, every value still shown).
@Suite struct BuiltCompositeTests {
    /// Place: `location: Location?` (a struct with a `name` and a nested `coordinate` struct) and its own `name`.
    static let model: [BuiltStore.Entity] = [
        .init(
            name: "Place",
            properties: [
                .composite(
                    "location",
                    fields: [
                        .attribute("name", type: 700),
                        .composite(
                            "coordinate",
                            fields: [.attribute("latitude", type: 500), .attribute("longitude", type: 500)]),
                    ]),
                .attribute("name", type: 700),
            ])
    ]

    /// A store whose ZPLACE holds `rows` (ZNAME, ZNAME1, ZLATITUDE, ZLONGITUDE; SQL literals).
    static func store(_ rows: [String]) throws -> (AppleStore, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-built-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("Built.sqlite")
        let values = rows.enumerated().map { "(\($0.offset + 1), 1, 1, \($0.element))" }.joined(separator: ", ")
        try BuiltStore.write(
            at: url, entities: model, primaryKeys: [(1, "Place", 0)],
            sql: """
                CREATE TABLE ZPLACE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR, ZNAME1 VARCHAR,
                    ZLATITUDE FLOAT, ZLONGITUDE FLOAT);
                INSERT INTO ZPLACE VALUES \(values);
                """)
        return (try AppleStore(url: url), directory)
    }

    /// The values of `location` and `name`, as text, by row.
    static func shown(_ store: AppleStore) throws -> [[String]] {
        let page = try store.rows(of: "Place")
        let location = try #require(page.columns.firstIndex(of: "location"))
        let name = try #require(page.columns.firstIndex(of: "name"))
        return page.rows.map { [$0[location].description, $0[name].description] }
    }

    @Test func aNestedStructAndAFieldNamedLikeAnAttributeFollowTheRule() throws {
        // `location` sorts before `name`: its field takes ZNAME, the entity's own name ZNAME1. Row 1 has no location.
        let (store, directory) = try Self.store(["NULL, 'Home', NULL, NULL", "'Office', 'Work', 1.5, -2.25"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = try #require(store.model.entity(named: "Place")?.attributes.first { $0.name == "location" })
        #expect(location.fields.map(\.name) == ["name", "coordinate"])
        #expect(location.fields[1].fields.map(\.name) == ["latitude", "longitude"])
        #expect(
            store.schema().schema.entitiesByName["Place"]?.attribute(named: "location")?.valueType.description
                == "json {name: String?, coordinate: {latitude: Double?, longitude: Double?}?}")
        #expect(
            try Self.shown(store) == [
                ["NULL", "Home"], [#"{"coordinate":{"latitude":1.5,"longitude":-2.25},"name":"Office"}"#, "Work"],
            ])
        #expect(store.notes(of: "Place").isEmpty)
    }

    @Test func aNestedStructsFieldsAreHashedAsTheOuterStructsOwnInNameOrder() throws {
        // Core Data's -[NSCompositeAttributeDescription _versionHash:inStyle:] hashes the flattened leaf fields sorted
        // by name (docs/APPLE_STORES.md): location {name, coordinate {latitude, longitude}} hashes as location
        // {latitude, longitude, name}, and differently from a struct whose nested struct holds other fields.
        func hashes(_ fields: [BuiltStore.Property]) throws -> [String: Data] {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-built-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let url = directory.appendingPathComponent("Built.sqlite")
            try BuiltStore.write(
                at: url,
                entities: [.init(name: "Place", properties: [.composite("location", fields: fields)])],
                primaryKeys: [(1, "Place", 0)],
                sql: "CREATE TABLE ZPLACE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR)")
            return EntityVersionHash.hashes(of: try AppleStore(url: url).model)
        }
        let nested = try hashes([
            .attribute("name", type: 700),
            .composite("coordinate", fields: [.attribute("latitude", type: 500), .attribute("longitude", type: 500)]),
        ])
        let flat = try hashes([
            .attribute("longitude", type: 500), .attribute("name", type: 700), .attribute("latitude", type: 500),
        ])
        #expect(nested == flat)
        let other = try hashes([
            .attribute("latitude", type: 500),
            .composite("coordinate", fields: [.attribute("name", type: 700), .attribute("longitude", type: 600)]),
        ])
        #expect(nested != other)
    }

    @Test func valuesThatRefuteTheRuleDecide() throws {
        // ZNAME holds a value where the struct's other fields are all NULL, so it cannot be location.name: the
        // entity's own name is in ZNAME, the struct's in ZNAME1.
        let (store, directory) = try Self.store(["'Home', NULL, NULL, NULL", "'Work', 'Office', 1.5, -2.25"])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            try Self.shown(store) == [
                ["NULL", "Home"], [#"{"coordinate":{"latitude":1.5,"longitude":-2.25},"name":"Office"}"#, "Work"],
            ])
        #expect(store.notes(of: "Place").isEmpty)
    }

    @Test func anUndeterminedColumnIsSaidAndItsValuesStillShown() throws {
        // Both columns hold a value in a row without coordinates: neither can be told to be the struct's.
        let (store, directory) = try Self.store(["'Home', 'Flat', NULL, NULL"])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Self.shown(store) == [[#"{"name":"Home"}"#, "Flat"]])
        let notes = store.notes(of: "Place")
        #expect(notes.count == 2)
        #expect(notes.contains { $0.hasPrefix("location.name: ") && $0.contains("may be another's") })
        #expect(notes.contains { $0.hasPrefix("name: ") && $0.contains("ZNAME1") })
        #expect(try store.rows(of: "Place").notes == notes)
        let destination = directory.appendingPathComponent("Imported.store")
        let report = try AppleStoreImport.run(from: store.url, to: destination)
        #expect(report.notes.contains { $0.property == "location.name" && $0.message.contains("may be another's") })
    }
}
