import Foundation
import Strata
import StrataExamples
import Testing

@testable import StrataTUI

/// Versions named by a Core Data model (`Schema.Version.name`, as `ModelBundlePlan` gives them) show by their names
/// wherever a frame shows a version, the names alone in the Versions pane's column (no numbers beside them); without
/// names the frame is the one the golden tests hold.
@Suite struct VersionNameTests {
    static let names = ["Shelf", "Shelf 2", "Shelf 3"]

    @Test func namedVersionsShowByNameInEveryPane() throws {
        let state = try Fixtures.bookshelf(width: 120, height: 30, names: Self.names)
        let text = Renderer.render(state).text
        #expect(text.contains("f Shelf   "))
        #expect(text.contains("  Shelf 2 "))
        #expect(text.contains("t Shelf 3 "))
        #expect(!text.contains("1.0.0") && !text.contains("2.0.0") && !text.contains("3.0.0"))
        #expect(text.contains("4 Diff Shelf → Shelf 3"))
        #expect(text.contains("Shelf → Shelf 2  lightweight"))
        #expect(text.contains("Browser · private copy @ Shelf "))
        #expect(text.contains("bookshelf.store @ Shelf → Shelf 3"))
    }

    /// At 80 columns a model's long version names leave the heading no room for the stage's kind: it moves to the
    /// line under it, whole, instead of being cut ("in…").
    @Test func aStageKindWithoutRoomBesideLongNamesGoesUnderThem() throws {
        let names = ["GardenModel", "GardenModel 2", "GardenModel 3"]
        let state = try Fixtures.bookshelf(width: 80, height: 24, names: names)
        let lines = Renderer.render(state).text.split(separator: "\n").map(String.init)
        let heading = try #require(lines.first { $0.contains("· GardenModel → GardenModel 2") })
        #expect(!heading.contains("lig"), "\(heading)")
        let under = try #require(lines.firstIndex(of: heading)).advanced(by: 1)
        #expect(lines[under].contains("pending · lightweight"), "\(lines[under])")
        #expect(
            !heading.prefix(32).contains("…") && !lines[under].prefix(32).contains("…"), "the Stages pane cuts nothing")
    }

    /// After a re-plan the store's row is found by its typed version, not by the text naming it.
    @Test func theStoresRowIsFoundByItsVersionNotItsName() throws {
        var state = try Fixtures.bookshelf(width: 120, height: 30, names: Self.names)
        _ = Reducer.reduce(
            &state,
            .planned(stages: [], note: nil, mode: .apply, storeAt: Schema.Version(2, 0, 0), storeVersion: "Shelf 2"))
        #expect(state.storeIndex == 1)
        #expect(state.versions[1].version == Schema.Version(2, 0, 0) && state.versions[1].label == "Shelf 2")
    }

    @Test func withoutNamesVersionsShowByNumber() throws {
        let text = Renderer.render(try Fixtures.bookshelf(width: 120, height: 30)).text
        #expect(text.contains("4 Diff 1.0.0 → 3.0.0"))
        #expect(!text.contains("Shelf"))
    }
}
