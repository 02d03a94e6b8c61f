import AppleStoreFixtures
import Foundation
import GRDB
import Strata
import StrataAppleStores
import Testing

/// The real SwiftData store with Codable composite attributes (swiftdata-metacocktails, most rows in its -wal):
/// each field read from the column Core Data gave it, a struct as its object of fields, an enum as its raw value,
/// and every value `rows` and `import` give equal to the raw SQLite value, over every entity.
@Suite
struct CompositeAttributeTests {
    static let path = "swiftdata-metacocktails/default.store"

    /// Where each stored value lives, read off the store's `CREATE TABLE` statements and its values (not from the
    /// reader): a composite's fields take their own names; `author.id` and the cocktail's own `id` clash, and the
    /// 28 cocktails without an author have `ZID` NULL and `ZID1` set, so `ZID` is the author's. The two colours of
    /// CocktailImage (no rows) clash on every field; Core Data numbers the later property by name (`drinkColor`).
    static let columns: [String: [String: String]] = [
        "Cocktail": [
            "cocktailName": "ZCOCKTAILNAME", "collectionName": "ZCOLLECTIONNAME", "id": "ZID1",
            "titleCocktail": "ZTITLECOCKTAIL", "glasswareType.glasswareType": "ZGLASSWARETYPE", "ice.ice": "ZICE",
            "variation.variation": "ZVARIATION", "collection.collection": "ZCOLLECTION", "author.id": "ZID",
            "author.person": "ZPERSON", "author.place": "ZPLACE", "author.year": "ZYEAR",
            "buildOrder.instructions": "ZINSTRUCTIONS", "compiledTags.flavors": "ZFLAVORS",
            "compiledTags.profiles": "ZPROFILES", "compiledTags.styles": "ZSTYLES", "compiledTags.booze": "ZBOOZE",
            "compiledTags.nA": "ZNA",
        ],
        "CocktailImage": [
            "glassBackLayer": "ZGLASSBACKLAYER", "innerRim": "ZINNERRIM", "drinkLayer": "ZDRINKLAYER",
            "glassReflection": "ZGLASSREFLECTION", "garnishes": "ZGARNISHES", "straw": "ZSTRAW",
            "iceLayer": "ZICELAYER", "inDrinkComponents": "ZINDRINKCOMPONENTS",
            "backgroundColor.linearRed": "ZLINEARRED", "backgroundColor.linearGreen": "ZLINEARGREEN",
            "backgroundColor.linearBlue": "ZLINEARBLUE", "backgroundColor.opacity": "ZOPACITY",
            "drinkColor.linearRed": "ZLINEARRED1", "drinkColor.linearGreen": "ZLINEARGREEN1",
            "drinkColor.linearBlue": "ZLINEARBLUE1", "drinkColor.opacity": "ZOPACITY1",
        ],
        "Garnish": ["name": "ZNAME"],
        "Ingredient": ["id": "ZID", "value": "ZVALUE", "unit.unit": "ZUNIT"],
        "IngredientBase": [
            "isCustom": "ZISCUSTOM", "info": "ZINFO", "name": "ZNAME", "category.category": "ZCATEGORY",
            "tags.flavors": "ZFLAVORS", "tags.profiles": "ZPROFILES", "tags.styles": "ZSTYLES", "tags.booze": "ZBOOZE",
            "tags.nA": "ZNA", "prep.id": "ZID", "prep.prepIngredientName": "ZPREPINGREDIENTNAME",
            "prep.prepRecipe": "ZPREPRECIPE",
        ],
    ]
    /// Columns that hold relationships, not attributes.
    static let relationshipColumns: Set<String> = ["ZIMAGEASSET", "ZINGREDIENTBASE", "Z1SPEC"]

    @Test func theModelDescribesEachCompositeWithItsFields() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let store = try AppleStore(url: fixtures.url(Self.path))
        let composites = store.model.entities.flatMap { entity in
            entity.attributes.filter { $0.kind == .composite }.map { "\(entity.name).\($0.name)" }
        }
        #expect(composites.count == 13)
        let cocktail = try #require(store.model.entity(named: "Cocktail"))
        let author = try #require(cocktail.attributes.first { $0.name == "author" })
        #expect(author.fields.map(\.name) == ["id", "person", "place", "year"])
        #expect(author.fields.map(\.kind) == [.uuid, .string, .string, .string])
        #expect(author.isOptional && !author.isEnum)
        let glassware = try #require(cocktail.attributes.first { $0.name == "glasswareType" })
        #expect(glassware.isEnum && glassware.fields.map(\.name) == ["glasswareType"])
        let schema = store.schema().schema
        #expect(
            schema.entitiesByName["Cocktail"]?.attribute(named: "author")?.valueType
                == .codable(typeName: "{id: UUID?, person: String?, place: String?, year: String?}"))
        #expect(
            schema.entitiesByName["Cocktail"]?.attribute(named: "collection")?.valueType
                == .rawRepresentable(typeName: "enum", raw: .int))
        // Every composite has a column for each field: nothing is noted as missing or uncertain.
        for entity in store.entityNames { #expect(store.notes(of: entity).isEmpty, "\(entity)") }
    }

    @Test func everyValueRowsGiveIsTheRawValueOfItsColumn() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url(Self.path)
        let store = try AppleStore(url: url)
        #expect(store.entityNames == Self.columns.keys.sorted())
        var checked = 0
        for entity in store.entityNames {
            let mapping = try #require(Self.columns[entity])
            let table = "Z" + entity.uppercased()
            let raw = try Self.rawRows(url, table: table, columns: Array(mapping.values))
            // The mapping accounts for every column of the table: no stored value goes unshown.
            let tableColumns = try Fixtures.sqlite(url) { try $0.columns(in: table).map(\.name) }
            #expect(
                Set(tableColumns).subtracting(["Z_PK", "Z_ENT", "Z_OPT"]).subtracting(Self.relationshipColumns)
                    == Set(mapping.values), "\(entity)")
            let page = try store.rows(of: entity, limit: 100_000)
            #expect(page.rows.count == raw.count)
            for row in page.rows {
                guard case .integer(let key) = row[0], let stored = raw[key] else {
                    Issue.record("\(entity): a row without its raw row")
                    continue
                }
                for attribute in store.model.storedAttributes(of: entity) {
                    let value = try #require(page.columns.firstIndex(of: attribute.name).map { row[$0] })
                    try Self.expect(value, of: attribute, equals: stored, mapping: mapping, at: "\(entity)#\(key)")
                    checked += 1
                }
            }
        }
        #expect(checked == 398 * 11 + 86 + 1798 * 3 + 388 * 6)
    }

    @Test func everyValueImportWritesIsTheRawValueOfItsColumn() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url(Self.path)
        let destination = fixtures.directory.appendingPathComponent("cocktails.store")
        let report = try AppleStoreImport.run(from: url, to: destination)
        #expect(!report.notes.contains { $0.message.contains("not carried over") })
        let store = try AppleStore(url: url)
        for entity in store.entityNames {
            let mapping = try #require(Self.columns[entity])
            let raw = try Self.rawRows(url, table: "Z" + entity.uppercased(), columns: Array(mapping.values))
            let attributes = store.model.storedAttributes(of: entity)
            let imported = try DatabaseQueue(path: destination.path).read { db in
                try Row.fetchAll(
                    db,
                    sql:
                        "SELECT \"_pk\", \(attributes.map { "\"\($0.name)\"" }.joined(separator: ", ")) FROM \"\(entity)\""
                )
            }
            #expect(imported.count == raw.count, "\(entity)")
            for row in imported {
                let key: Int64 = row[0]
                let stored = try #require(raw[key])
                for (index, attribute) in attributes.enumerated() {
                    let value = row[index + 1] as DatabaseValue
                    let at = "imported \(entity)#\(key).\(attribute.name)"
                    if attribute.kind == .composite && !attribute.isEnum {
                        // A Codable struct is stored as JSON text: the object of its fields.
                        var json = AppleValue.null
                        if !value.isNull {
                            let text = try #require(String.fromDatabaseValue(value), "\(at)")
                            json = .json(try JSONDecoder().decode(StoredJSON.self, from: Data(text.utf8)))
                        }
                        try Self.expect(json, of: attribute, equals: stored, mapping: mapping, at: at)
                    } else {
                        // Plain values and enums' raw values are stored as SQLite holds them in the Apple store.
                        let path = attribute.kind == .composite ? "\(attribute.name).\(attribute.name)" : attribute.name
                        let column = try #require(mapping[path], "\(at)")
                        #expect(value == stored[column], "\(at)")
                    }
                }
            }
        }
    }

    @Test func anAppsCodableTypesMatchTheStoresComposites() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let url = fixtures.url(Self.path)
        let store = try AppleStore(url: url)
        // The app's version as its sources declare it: structs as Codable types, enums over String or Int raw values.
        let types: [String: [String: ValueType]] = [
            "Cocktail": [
                "author": .codable(typeName: "Author"), "buildOrder": .codable(typeName: "Build"),
                "compiledTags": .codable(typeName: "Tags"),
                "collection": .rawRepresentable(typeName: "CocktailCollection", raw: .int),
                "glasswareType": .rawRepresentable(typeName: "Glassware", raw: .string),
                "ice": .rawRepresentable(typeName: "Ice", raw: .string),
                "variation": .rawRepresentable(typeName: "Variation", raw: .string),
            ],
            "CocktailImage": [
                "backgroundColor": .codable(typeName: "ColorRepresentation"),
                "drinkColor": .codable(typeName: "ColorRepresentation"),
            ],
            "Ingredient": ["unit": .rawRepresentable(typeName: "MeasurementUnit", raw: .string)],
            "IngredientBase": [
                "category": .rawRepresentable(typeName: "Category", raw: .string), "tags": .codable(typeName: "Tags"),
                "prep": .codable(typeName: "Prep"),
            ],
        ]
        let app = Self.retyped(store.schema().schema, types)
        let match = PlanStanding(store: store, versions: [app])
        #expect(match.equalVersion?.fingerprint == app.fingerprint)
        #expect(match.closestDifferences.isEmpty)
        // A struct the app declares as something else is a difference, named.
        let wrong = Self.retyped(app, ["Cocktail": ["author": .string]])
        let mismatch = PlanStanding(store: store, versions: [wrong])
        #expect(mismatch.equal == nil)
        #expect(mismatch.closestDifferences.map(\.description).contains { $0.contains("author") })

        // Imported at the app's version, each struct decodes as the app's type would, each enum as its raw value.
        let destination = fixtures.directory.appendingPathComponent("app.store")
        let report = try AppleStoreImport.run(from: url, to: destination, recordingAs: app)
        #expect(report.schema.fingerprint == app.fingerprint)
        let first = try DatabaseQueue(path: destination.path).read { db in
            try Row.fetchOne(
                db, sql: "SELECT \"author\", \"glasswareType\", \"collection\" FROM \"Cocktail\" WHERE \"_pk\" = 2")
        }
        let row = try #require(first)
        struct Author: Codable, Equatable {
            var id: UUID?
            var person: String?
            var place: String?
            var year: String?
        }
        let author = try JSONDecoder().decode(Author.self, from: Data((row[0] as String).utf8))
        #expect(
            author
                == Author(
                    id: UUID(uuidString: "08C7FB81-A77E-40B8-846E-A5D6C45871D0"), person: "John Shramm",
                    place: "Williams and Graham. Denver, Colorado", year: "Fall, 2022"))
        #expect(row[1] as String == "Tiki Mug")
        #expect(row[2] as Int64 == 2)
    }

    /// `schema` with the attribute types `types` gives (by entity, then attribute) in place of its own.
    static func retyped(_ schema: Schema, _ types: [String: [String: ValueType]]) -> Schema {
        Schema(
            entities: schema.entities.map { entity in
                var entity = entity
                entity.attributes = entity.attributes.map { attribute in
                    var attribute = attribute
                    if let type = types[entity.name]?[attribute.name] { attribute.valueType = type }
                    return attribute
                }
                return entity
            }, version: schema.version)
    }

    /// The raw values of `columns` in `table`, by `Z_PK`, as SQLite holds them (the -wal applied).
    static func rawRows(_ url: URL, table: String, columns: [String]) throws -> [Int64: [String: DatabaseValue]] {
        try Fixtures.sqlite(url) { db in
            var rows: [Int64: [String: DatabaseValue]] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT Z_PK, \(columns.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \"\(table)\"")
            {
                rows[row[0]] = Dictionary(
                    uniqueKeysWithValues: columns.enumerated().map { ($1, row[$0 + 1] as DatabaseValue) })
            }
            return rows
        }
    }

    /// Checks `value`, read for `attribute`, against the raw values of its columns: a plain value or an enum's raw
    /// value as `RawValues` reads it, an optional struct all of whose columns are NULL as NULL, any other struct as
    /// an object holding exactly its non-NULL fields, each equal to its raw value.
    static func expect(
        _ value: AppleValue, of attribute: AppleAttribute, equals raw: [String: DatabaseValue],
        mapping: [String: String], at place: String
    ) throws {
        guard attribute.kind == .composite else {
            let column = try #require(mapping[attribute.name], "\(place).\(attribute.name)")
            #expect(
                value == RawValues.expected(raw[column] ?? .null, kind: attribute.kind), "\(place).\(attribute.name)")
            return
        }
        let fields = try attribute.fields.map { field in
            let column = try #require(mapping["\(attribute.name).\(field.name)"], "\(place).\(attribute.name)")
            return (field, raw[column] ?? .null)
        }
        if attribute.isEnum {
            #expect(value == RawValues.expected(fields[0].1, kind: fields[0].0.kind), "\(place).\(attribute.name)")
            return
        }
        if attribute.isOptional && fields.allSatisfy({ $0.1.isNull }) {
            #expect(value == .null, "\(place).\(attribute.name)")
            return
        }
        guard case .json(let json) = value else {
            Issue.record("\(place).\(attribute.name) is \(value), not an object of fields")
            return
        }
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(json.description.utf8)) as? [String: Any],
            "\(place).\(attribute.name)")
        #expect(Set(object.keys) == Set(fields.filter { !$0.1.isNull }.map(\.0.name)), "\(place).\(attribute.name)")
        for (field, stored) in fields where !stored.isNull {
            let shown = object[field.name]
            let label = "\(place).\(attribute.name).\(field.name)"
            switch (stored.storage, field.kind) {
            case (.blob(let bytes), .uuid):
                let uuid = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
                #expect(shown as? String == uuid.uuidString, "\(label)")
            case (.blob(let bytes), _):
                // A collection field: SwiftData's JSON bytes, shown as the JSON they hold.
                let expected = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) as? NSObject
                #expect(expected.map { (shown as? NSObject)?.isEqual($0) == true } == true, "\(label)")
            case (.string(let text), _): #expect(shown as? String == text, "\(label)")
            case (.int64(let number), _): #expect((shown as? NSNumber)?.int64Value == number, "\(label)")
            case (.double(let number), _): #expect((shown as? NSNumber)?.doubleValue == number, "\(label)")
            case (.null, _): break
            }
        }
    }
}
