import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import Testing

@testable import StrataTUI

/// A Core Data store whose entities inherit (the messaging app's stores: an abstract Message, and ClientMessage,
/// TextMessage, SystemMessage, ... under it): the schema, the Browser and the Diff name each entity's parent and
/// mark what it inherits; so does a version's schema, picked in Versions with f and t on it.
@Suite
struct ModelInheritanceTests {
    @Test func theSchemaAndTheBrowserNameEachEntitysParent() throws {
        let (url, directory) = try AppleStoreSessionTests.copy("coredata-wire", "store2-101-0.wiredatabase")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try Session(store: url, plan: nil, width: 120, height: 40)
        var state = session.initialState
        session.shutdown()
        // As `strata info` lists them: every message kind inherits from the abstract Message.
        #expect(state.modelLineage["TextMessage"]?.parent == "Message")
        #expect(state.modelLineage["ClientMessage"]?.parent == "Message")
        #expect(state.modelLineage["Message"] == EntityLineage(parent: nil, isAbstract: true))
        #expect(state.modelLineage["Conversation"] == nil, "an entity outside the tree has nothing to say")
        let text = state.modelLineage["TextMessage"]?.inherited ?? [:]
        #expect(text["cachedCategory"] == "Message" && text["destructionDate"] == "Message")
        #expect(state.stagesNote?.contains("Its entities inherit") == true)
        let frame = Renderer.render(state).text
        #expect(frame.contains("AssetClientMessage : Message"))
        #expect(frame.contains("Message (abstract)"))
        #expect(frame.contains("inherited from Message"))
        state.storePath = "/tmp/store2-101-0.wiredatabase"
        try GoldenFrame.check(Renderer.render(state), "inheritance-schema-120x40", monochrome: false)
    }

    /// The diff from an older model of the app (version 0, the store's own) to a newer one: changes to a parent's
    /// properties show under each entity that inherits them, marked with the ancestor that declares them.
    @Test func theDiffMarksInheritedPropertiesAndNamesParents() throws {
        let (old, oldDirectory) = try AppleStoreSessionTests.copy("coredata-wire", "store2-50-0.wiredatabase")
        defer { try? FileManager.default.removeItem(at: oldDirectory) }
        let (new, newDirectory) = try AppleStoreSessionTests.copy("coredata-wire", "store2-101-0.wiredatabase")
        defer { try? FileManager.default.removeItem(at: newDirectory) }
        let before = try AppleStore(url: old)
        let after = try AppleStore(url: new)
        var state = AppState(
            width: 120, height: 40, storePath: "/tmp/store2-50-0.wiredatabase", storeVersion: "model 2.50.0",
            planName: "wire", schemas: [before.schema().schema, after.schema().schema], storeIndex: 0,
            targetIndex: 1)
        state.storeModelFirst = true
        state.modelLineage = AppleStoreOpening.lineage(of: before.model)
        state.recomputeDiff()
        let inherited = state.diff.filter { $0.inheritedFrom != nil }
        #expect(!inherited.isEmpty)
        for entry in inherited {
            let ancestors = before.model.ancestors(of: entry.entity)
            #expect(entry.inheritedFrom.map(ancestors.contains) == true, "\(entry.text)")
        }
        #expect(state.diff.allSatisfy { $0.lineage?.parent == before.model.entity(named: $0.entity)?.parent })
        try GoldenFrame.check(Renderer.render(state), "inheritance-diff-120x40", monochrome: false)

        // f and t both on the store's model (Versions: t on its row): the Diff pane lists that model's entities.
        state.focus = .versions
        _ = Reducer.reduce(&state, .key(.character("t")))
        #expect(state.diffFrom == 0 && state.diffTo == 0)
        let frame = Renderer.render(state).text
        #expect(frame.contains("Schema 2.24.1") && frame.contains("f and t are both on 2.24.1: its schema"))
        #expect(frame.contains("AssetClientMessage : Message") && frame.contains("inherited from Message"))
        try GoldenFrame.check(Renderer.render(state), "inheritance-versions-120x40", monochrome: false)
    }
}
