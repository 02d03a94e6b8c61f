import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import Testing

/// Core Data cannot infer bringing two separate entity hierarchies under one root (a mapping model is needed), while
/// moving an entity within its own hierarchy, or renaming the root, is inferred. The versions are written here the
/// way Xcode writes `contents` (parentEntity, elementID), with one change each.
struct HierarchyMergeTests {
    /// A version's `contents`: each entity as (name, parent, elementID).
    private static func contents(_ entities: [(String, String?, String?)]) -> String {
        let elements = entities.map { name, parent, identifier in
            let parentText = parent.map { " parentEntity=\"\($0)\"" } ?? ""
            let identifierText = identifier.map { " elementID=\"\($0)\"" } ?? ""
            return """
                    <entity name="\(name)" representedClassName="\(name)"\(parentText)\(identifierText) syncable="YES">
                        <attribute name="label" optional="YES" attributeType="String"/>
                    </entity>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            \(elements.joined(separator: "\n"))
            </model>
            """
    }

    /// Animals (Animal > Dog) and Plants (Plant > Tree) in the first version, `second` in the next: the changes
    /// Core Data cannot infer.
    private func needingMapping(_ second: [(String, String?, String?)]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-merge-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Self.contents([
            ("Animal", nil, nil), ("Dog", "Animal", nil), ("Plant", nil, nil), ("Tree", "Plant", nil),
        ])
        let bundle = try ModelBundleFixtures.bundle(
            "Nature", versions: [("Nature", first), ("Nature 2", Self.contents(second))], current: "Nature 2",
            in: folder)
        let step = CoreDataStep(plan: ModelBundlePlan(bundle: try ModelBundle(url: bundle)), from: 0, to: 1)
        return step.verdicts.filter { $0.kind == .needsMapping }.map(\.change)
    }

    @Test func anEntityMovedIntoAnotherHierarchyNeedsAMappingModel() throws {
        #expect(
            try needingMapping([
                ("Animal", nil, nil), ("Dog", "Animal", nil), ("Plant", nil, nil), ("Tree", "Animal", nil),
            ])
                == ["Tree moved from the hierarchy of Plant to that of Animal"])
    }

    @Test func renamingTheRootOrAMovedEntityStillSeesTheMerge() throws {
        // Animal renamed Creature: Tree joining Creature's hierarchy joins Animal's.
        #expect(
            try needingMapping([
                ("Creature", nil, "Animal"), ("Dog", "Creature", nil), ("Plant", nil, nil), ("Tree", "Creature", nil),
            ]) == ["Tree moved from the hierarchy of Plant to that of Creature"])
        // Tree renamed Shrub on its way into Animal's hierarchy.
        #expect(
            try needingMapping([
                ("Animal", nil, nil), ("Dog", "Animal", nil), ("Plant", nil, nil), ("Shrub", "Animal", "Tree"),
            ])
                == ["Shrub moved from the hierarchy of Plant to that of Animal"])
    }

    @Test func aRenamedRootKeepsItsHierarchy() throws {
        #expect(
            try needingMapping([
                ("Creature", nil, "Animal"), ("Dog", "Creature", nil), ("Plant", nil, nil), ("Tree", "Plant", nil),
            ]).isEmpty)
    }
}
