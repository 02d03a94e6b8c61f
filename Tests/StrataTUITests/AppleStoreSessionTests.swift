import AppleStoreFixtures
import Foundation
import Strata
import Testing

@testable import StrataTUI

/// The UI's session on copies of real SwiftData stores: read-only, the embedded model as the first version, the
/// plan version it equals, the plan's stages from there (never run), rows with filters, and files never written.
@Suite
struct AppleStoreSessionTests {
    /// A copy of a fixture store in a fresh directory, and the digests of its three files.
    static func copy(_ folder: String, _ file: String) throws -> (url: URL, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-tui-apple-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(file)
        try AppleStoreFixtures.copy(folder, file, to: url.path)
        return (url, directory)
    }

    /// The bytes of a store's file, -wal and -shm.
    static func files(_ url: URL) -> [Data?] {
        ["", "-wal", "-shm"].map { FileManager.default.contents(atPath: url.path + $0) }
    }

    @Test(arguments: [("App-1_0_0.sqlite", 1), ("App-2_0_0.sqlite", 2)])
    func theStoresModelIsVersionZeroAndThePlanVersionItEqualsIsFound(_ file: String, _ match: Int) throws {
        let (url, directory) = try Self.copy("swiftdata-freezeray", file)
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = Self.files(url)
        let session = try Session(store: url, plan: FreezeRayPlan.self, width: 120, height: 40)
        var state = session.initialState
        #expect(state.mode == .readOnly)
        #expect(state.versions.map(\.label) == ["model \(match).0.0", "1.0.0", "2.0.0", "3.0.0"])
        #expect(state.matchIndex == match && state.storeIndex == 0 && state.targetIndex == 3)
        #expect(state.diffFrom == 0 && state.diffTo == match + 1, "the diff shows what the next migration does")
        #expect(
            state.diff.map(\.text) == [match == 1 ? "User.email added (String, optional)" : "User.email made required"])
        #expect(state.stages.map(\.id.description) == Array(["1.0.0 -> 2.0.0", "2.0.0 -> 3.0.0"].suffix(3 - match)))
        #expect(state.stages.allSatisfy { $0.status == .pending })
        #expect(
            state.stagesNote
                == "The store's model is the plan's \(match).0.0. Read only: these stages are shown, not run.")
        #expect(state.browser.source == "read-only" && state.browser.entities == [EntityCount(name: "User", rows: 0)])
        let frame = Renderer.render(state).text
        #expect(frame.contains(" READ ONLY ") && frame.contains("model \(match).0.0") && frame.contains("= store"))

        for key: Character in ["n", "r", "m"] {
            #expect(Reducer.reduce(&state, .key(.character(key))).isEmpty, "\(key) starts nothing")
            #expect(
                state.visibleMessage?.text.contains(
                    "strata import \(file) copy.store --plan FreezeRayPlan --as \(match).0.0") == true)
        }
        session.perform(.loadFindings(from: 0, to: state.diffTo))
        let findings = try Self.next(session) {
            if case .findingsLoaded(_, _, _, let note) = $0 { return note } else { return nil }
        }
        #expect(findings?.hasPrefix("Data counts need a Strata store") == true)
        session.shutdown()
        #expect(Self.files(url) == before, "the store's file, -wal and -shm are never written")
    }

    @Test func rowsAndFiltersOfAStoreWithRowsInTheWal() throws {
        let (url, directory) = try Self.copy("swiftdata-resourcesmanager", "default.store")
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = Self.files(url)
        let session = try Session(store: url, plan: nil, width: 120, height: 40)
        let state = session.initialState
        #expect(state.versions.map(\.label) == ["model 1.0.0"] && state.matchIndex == nil)
        #expect(
            state.browser.entities == [
                EntityCount(name: "Component", rows: 5), EntityCount(name: "CraftingRecipe", rows: 4),
                EntityCount(name: "Item", rows: 7),
            ])
        #expect(state.stages.isEmpty && state.stagesNote?.contains("Pass --plan NAME") == true)

        session.perform(
            .loadRows(entity: "Item", offset: 0, limit: 10, filter: [RowFilter(column: "name", value: "Stone Axe")]))
        let page = try #require(
            try Self.next(session) { if case .rowsLoaded(let page) = $0 { return page } else { return nil } })
        #expect(page.columns == ["Z_PK", "name", "craftingRecipe"])
        #expect(page.total == 1 && page.rows == [["1", "Stone Axe", "CraftingRecipe#1"]])
        session.perform(
            .loadRows(entity: "Item", offset: 0, limit: 10, filter: [RowFilter(column: "weight", value: "1")]))
        let failure = try Self.next(session) {
            if case .rowsFailed(_, let refusal) = $0 { return "\(refusal)" } else { return nil }
        }
        #expect(failure?.contains("cannot filter Item on 'weight': its columns are Z_PK, name, craftingRecipe") == true)
        session.shutdown()
        #expect(Self.files(url) == before)
    }

    /// A SwiftData store with Codable composite attributes (swiftdata-metacocktails): one column per attribute in
    /// the rows, and the row in full (Enter) lists a struct's fields one under the other, each with its value as the
    /// store holds it (read with sqlite3: cocktail 2 is "Victory Lap" by John Shramm, Fall 2022, in a tiki mug).
    @Test func aRowInFullListsTheFieldsOfItsCompositeAttributes() throws {
        let (url, directory) = try Self.copy("swiftdata-metacocktails", "default.store")
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = Self.files(url)
        let session = try Session(store: url, plan: nil, width: 120, height: 40)
        var state = session.initialState
        state.focus = .browser
        state.cursors[.browser] = ListCursor(
            selected: try #require(state.browser.entities.firstIndex { $0.name == "Cocktail" }))
        for effect in Reducer.reduce(&state, .key(.enter)) { session.perform(effect) }
        let page = try #require(
            try Self.next(session) { if case .rowsLoaded(let page) = $0 { return page } else { return nil } })
        _ = Reducer.reduce(&state, .rowsLoaded(page))
        #expect(page.total == 398)
        #expect(
            page.columns == [
                "Z_PK", "author", "buildOrder", "cocktailName", "collection", "collectionName", "compiledTags",
                "glasswareType", "ice", "id", "titleCocktail", "variation", "garnish", "imageAsset", "spec",
            ])
        _ = Reducer.reduce(&state, .key(.down))
        _ = Reducer.reduce(&state, .key(.enter))
        guard case .text(let detail)? = state.overlay else {
            Issue.record("Enter on a row shows it in full")
            return
        }
        for line in [
            "author.id: 08C7FB81-A77E-40B8-846E-A5D6C45871D0", "author.person: John Shramm",
            "author.place: Williams and Graham. Denver, Colorado", "author.year: Fall, 2022",
            "cocktailName: Victory Lap", "collection: 2", "glasswareType: Tiki Mug", "ice: Pebble Ice",
            "buildOrder: NULL",
            "compiledTags.flavors: [\"Clementine\",\"Orange\",\"Jalapeño\",\"Guava\",\"Lime\",\"Poblano Chile\",\"Agave Nectar\"]",
        ] {
            #expect(detail.paragraphs.contains(line), "\(line)")
        }
        #expect(!detail.paragraphs.contains { $0.hasPrefix("author: ") })
        session.shutdown()
        #expect(Self.files(url) == before)
    }

    /// The rows filter typed in the UI on a Core Data store: the `/` line's syntax of Strata stores (contains,
    /// dates, the entity of a family), read by the same parser. Expected rows read from the files with sqlite3.
    @Test func rowsFiltersOfCoreDataStoresTakeTheSyntaxOfStrataStores() throws {
        let (url, directory) = try Self.copy("coredata-easylife", "EasyLife.sqlite")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try Session(store: url, plan: nil, width: 120, height: 40)
        var state = session.initialState
        state.focus = .browser
        state.cursors[.browser] = ListCursor(
            selected: try #require(state.browser.entities.firstIndex { $0.name == "TodoItem" }))
        for effect in Reducer.reduce(&state, .key(.enter)) { session.perform(effect) }
        let first = try #require(
            try Self.next(session) { if case .rowsLoaded(let page) = $0 { return page } else { return nil } })
        _ = Reducer.reduce(&state, .rowsLoaded(first))
        #expect(first.total == 158)
        _ = Reducer.reduce(&state, .key(.character("/")))
        for character in "name~PHONE date<2017-05-01" { _ = Reducer.reduce(&state, .key(.character(character))) }
        for effect in Reducer.reduce(&state, .key(.enter)) { session.perform(effect) }
        let page = try #require(
            try Self.next(session) { if case .rowsLoaded(let page) = $0 { return page } else { return nil } })
        #expect(
            page.filter == [
                RowFilter(column: "name", .contains, value: "PHONE"),
                RowFilter(column: "date", .less, value: "2017-05-01"),
            ])
        let name = try #require(page.columns.firstIndex(of: "name"))
        #expect(page.total == 3 && page.rows.map { $0[0] } == ["2", "17", "22"])
        #expect(page.rows.map { $0[name] } == ["phone bank", "phone mum", "phone Bose"])
        session.shutdown()

        let (wire, wireDirectory) = try Self.copy("coredata-wire", "store2-101-0.wiredatabase")
        defer { try? FileManager.default.removeItem(at: wireDirectory) }
        let wireBefore = Self.files(wire)
        let messages = try Session(store: wire, plan: nil, width: 120, height: 40)
        // Z_ENT 15 (SystemMessage) holds 21 of ZMESSAGE's 24 rows, Z_ENT 12 (ClientMessage) the other 3.
        for (filter, total) in [("entity=SystemMessage", 21), ("entity!=SystemMessage", 3)] {
            messages.perform(
                .loadRows(entity: "Message", offset: 0, limit: 30, filter: try RowFilter.parseLine(filter)))
            let found = try #require(
                try Self.next(messages) { if case .rowsLoaded(let page) = $0 { return page } else { return nil } })
            let entity = try #require(found.columns.firstIndex(of: "entity"))
            #expect(found.total == total, "\(filter)")
            #expect(found.rows.allSatisfy { ($0[entity] == "SystemMessage") == (filter == "entity=SystemMessage") })
        }
        messages.perform(
            .loadRows(entity: "Message", offset: 0, limit: 30, filter: [RowFilter(column: "entity", .less, value: "A")])
        )
        let refused = try Self.next(messages) {
            if case .rowsFailed(_, let refusal) = $0 { return "\(refusal)" } else { return nil }
        }
        #expect(refused?.contains("the entity column compares with = and != only") == true)
        #expect(refused?.hasSuffix("Filters: \(RowFilter.accepted).") == true, "the message names the accepted forms")
        messages.shutdown()
        #expect(Self.files(wire) == wireBefore, "the store's files are never written")
    }

    /// Waits (up to 10 s) for the first posted action `pick` accepts.
    static func next<T>(_ session: Session, _ pick: (Action) -> T?) throws -> T? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            for action in session.inbox.drain() { if let value = pick(action) { return value } }
            usleep(10_000)
        }
        return nil
    }
}
