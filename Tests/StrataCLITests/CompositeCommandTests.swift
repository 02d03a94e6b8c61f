import AppleStoreFixtures
import Foundation
import Strata
import Testing

/// `info`, `rows` and `import` of the real `strata` on a copy of the SwiftData store with Codable composite
/// attributes (swiftdata-metacocktails): a struct's fields and types, one column per attribute with the struct as a
/// JSON object, and the import writing the JSON Strata writes for a Codable value. Expected values read from the
/// store with sqlite3 (cocktail 2: "Victory Lap" by John Shramm at Williams and Graham, Fall 2022, in a tiki mug).
@Suite
struct CompositeCommandTests {
    static func store(in directory: TemporaryStore) throws -> String {
        try AppleStoreCommandTests.copy("swiftdata-metacocktails", "default.store", into: directory)
    }

    @Test func infoListsEachStructsFieldsAndTypes() throws {
        let directory = try TemporaryStore()
        let store = try Self.store(in: directory)
        let text = try AppleStoreCommandTests.run(["info", store], unchanging: store)
        #expect(text.status == 0)
        let lines = text.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for line in [
            "Cocktail.author: json {id: UUID?, person: String?, place: String?, year: String?}?",
            "Cocktail.collection: enum(Int)?", "Cocktail.glasswareType: enum(String)",
            "CocktailImage.drinkColor: json {linearRed: Float, linearGreen: Float, linearBlue: Float, opacity: Float}",
            "IngredientBase.prep: json {id: UUID?, prepIngredientName: String?, prepRecipe: Data?}?",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(!text.standardOutput.contains("Note:"), "every field has its column")
        let json = try AppleStoreCommandTests.run(["info", store, "--json"], unchanging: store).json()
        let cocktail = try #require(
            (json["entities"] as? [[String: Any]])?.first { $0["name"] as? String == "Cocktail" })
        #expect(
            cocktail["composites"] as? [String] == [
                "author", "buildOrder", "collection", "compiledTags", "glasswareType", "ice", "variation",
            ])
    }

    @Test func rowsShowAStructAsAnObjectOfItsFields() throws {
        let directory = try TemporaryStore()
        let store = try Self.store(in: directory)
        let run = try AppleStoreCommandTests.run(
            ["rows", store, "Cocktail", "--where", "Z_PK=2", "--json"], unchanging: store)
        #expect(run.status == 0)
        let row = try #require((try run.json()["rows"] as? [[String: Any]])?.first)
        let author = try #require(row["author"] as? [String: Any])
        #expect(author["id"] as? String == "08C7FB81-A77E-40B8-846E-A5D6C45871D0")
        #expect(author["person"] as? String == "John Shramm")
        #expect(author["place"] as? String == "Williams and Graham. Denver, Colorado")
        #expect(author["year"] as? String == "Fall, 2022")
        #expect(row["glasswareType"] as? String == "Tiki Mug")
        #expect(row["collection"] as? Int == 2)
        #expect(row["buildOrder"] is NSNull)
        let tags = try #require(row["compiledTags"] as? [String: Any])
        #expect(tags["styles"] as? [String] == ["Tiki", "Shaken", "Sour"])
        // A filter on a composite says it cannot be done.
        let refused = try AppleStoreCommandTests.run(
            ["rows", store, "Cocktail", "--where", "author=x"], unchanging: store)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("cannot filter Cocktail on 'author'"))
    }

    @Test func importWritesEachStructAsTheJSONOfItsFields() throws {
        let directory = try TemporaryStore()
        let store = try Self.store(in: directory)
        let imported = directory.path("Cocktails.store")
        let run = try AppleStoreCommandTests.run(["import", store, imported, "--json"], unchanging: store)
        #expect(run.status == 0)
        let notes = try run.json()["notes"] as? [[String: Any]] ?? []
        #expect(
            notes.filter { ($0["message"] as? String)?.hasPrefix("composite attribute") == true }.compactMap {
                $0["property"] as? String
            }.sorted() == [
                "author", "backgroundColor", "buildOrder", "compiledTags", "drinkColor", "prep", "tags",
            ])
        let page = try StoreInspector(url: URL(fileURLWithPath: imported)).rows(
            entity: "Cocktail", limit: 1, filters: [RowFilter(column: "_pk", value: "2")])
        let row = try #require(page.rows.first)
        #expect(
            row[try #require(page.columns.firstIndex(of: "author"))]
                == .text(
                    #"{"id":"08C7FB81-A77E-40B8-846E-A5D6C45871D0","person":"John Shramm","place":"Williams and Graham. Denver, Colorado","year":"Fall, 2022"}"#
                ))
        #expect(row[try #require(page.columns.firstIndex(of: "glasswareType"))] == .text("Tiki Mug"))
    }
}
