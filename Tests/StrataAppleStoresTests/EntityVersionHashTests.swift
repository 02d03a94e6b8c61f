import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import Testing

/// Core Data's entity version hashes computed from a model (`EntityVersionHash`), checked byte for byte against the
/// `NSStoreModelVersionHashes` real stores record, and the store's version found by them (docs/APPLE_STORES.md,
/// "Which version a store is at").
struct EntityVersionHashTests {
    /// The hex of each entity's hash.
    private func hex(_ hashes: [String: Data]) -> [String: String] {
        hashes.mapValues { $0.map { String(format: "%02x", $0) }.joined() }
    }

    /// The stores whose model XML is published beside them: the hashes computed from the XML equal the store's,
    /// to the byte (the values are the stores' own, read from their Z_METADATA).
    @Test func hashesFromTheModelXMLEqualTheRealStores() throws {
        let folder = try ModelFolder()
        let stack = try ModelBundle(url: try ModelBundleFixtures.coreDataStack(in: folder.url))
        let testModel = try AppleStore(
            url: try AppleStoreFixtures.url("coredata-bnr-coredatastack", "TestModel.sqlite"))
        #expect(
            hex(testModel.metadata.entityHashes) == [
                "Author": "cbc1f5c274ebf414474c4e350f73b14b1dd356c22782ae7488810d597188c46d",
                "Book": "292c923e48c2cbeea5a113bb7685fbc63ab800c0bbc242ad17a0f2e2a1e08f5c",
            ])
        #expect(EntityVersionHash.hashes(of: stack.versions[0]) == testModel.metadata.entityHashes)
        #expect(EntityVersionHash.hashes(of: stack.versions[1]) != testModel.metadata.entityHashes)

        let easyLife = try ModelBundle(url: try ModelBundleFixtures.easyLife(in: folder.url))
        let store = try AppleStore(url: try AppleStoreFixtures.url("coredata-easylife", "EasyLife_1.5.0.sqlite"))
        #expect(
            hex(store.metadata.entityHashes) == [
                "Project": "0523c413fc8dc5b09252d5923d0320322f1b4594103fccf2d3aefcdc4dd9bf9a",
                "TodoItem": "685f8e32601c851be5a45103f9059da8d5eafdf27d99bedece572ccece92a8ce",
            ])
        #expect(EntityVersionHash.hashes(of: easyLife.versions[2]) == store.metadata.entityHashes)

        let match = StoreVersionMatch(
            store: store.model, versionHashes: store.metadata.entityHashes, bundle: easyLife)
        #expect(match.equal == [2])
        #expect(match.byVersionHash)
    }

    /// Every real store's embedded model hashes to what the store recorded: Core Data and SwiftData stores, with
    /// inheritance, ordered and many-to-many relationships, uniqueness constraints and composite attributes.
    @Test func hashesFromEveryStoresEmbeddedModelEqualItsRecordedOnes() throws {
        let stores: [(String, String)] = [
            ("coredata-bnr-coredatastack", "TestModel.sqlite"),
            ("coredata-cartkit", "CartStorage_v1.sqlite"),
            ("coredata-easylife", "EasyLife.sqlite"),
            ("coredata-easylife", "EasyLife_1.3.0.sqlite"),
            ("coredata-easylife", "EasyLife_1.5.0.sqlite"),
            ("coredata-wire", "store1-25.wiredatabase"),
            ("coredata-wire", "store2-50-0.wiredatabase"),
            ("coredata-wire", "store2-101-0.wiredatabase"),
            ("swiftdata-cartkit", "CartKitSwiftData_v1.sqlite"),
            ("swiftdata-freezeray", "App-1_0_0.sqlite"),
            ("swiftdata-freezeray", "App-2_0_0.sqlite"),
            ("swiftdata-metacocktails", "default.store"),
            ("swiftdata-resourcesmanager", "default.store"),
        ]
        var differing: [String] = []
        var entities = 0
        for (folder, file) in stores {
            let store = try AppleStore(url: try AppleStoreFixtures.url(folder, file))
            let computed = EntityVersionHash.hashes(of: store.model)
            for (entity, recorded) in store.metadata.entityHashes {
                entities += 1
                if computed[entity] != recorded { differing.append("\(folder)/\(file): \(entity)") }
            }
        }
        #expect(differing == [], "\(differing)")
        #expect(entities > 40)
        // Wire's User stores two of its images externally (bit 4 of the archive's NSFlagsKey), which its hash covers.
        let wire = try AppleStore(url: try AppleStoreFixtures.url("coredata-wire", "store1-25.wiredatabase"))
        let images = try #require(wire.model.entity(named: "User")).attributes.filter { $0.name.hasSuffix("Data") }
        #expect(
            images.filter(\.allowsExternalStorage).map(\.name).sorted() == ["imageMediumData", "imageSmallProfileData"])
    }

    /// Versions Core Data's hashes tell apart only by a modifier are told apart by the computed hashes.
    @Test func theVersionHashModifierSeparatesVersionsTheFieldsTie() throws {
        let folder = try ModelFolder()
        let stack = try ModelBundle(url: try ModelBundleFixtures.coreDataStack(in: folder.url))
        let real = try ModelBundleFixtures.realModel("coredata-bnr-coredatastack", "TestModel.xcdatamodel.contents.xml")
        let modified = real.replacingOccurrences(
            of: "<entity name=\"Book\" representedClassName=\"Book\"",
            with: "<entity name=\"Book\" representedClassName=\"Book\" versionHashModifier=\"2\"")
        #expect(modified != real)
        let bundle = try ModelBundle(
            url: try ModelBundleFixtures.bundle(
                "Modified", versions: [("A", real), ("B", modified)], current: "B", in: folder.url))
        let hashes = EntityVersionHash.hashes(of: bundle.versions[1])
        #expect(hashes["Author"] == EntityVersionHash.hashes(of: stack.versions[0])["Author"])
        #expect(hashes["Book"] != EntityVersionHash.hashes(of: stack.versions[0])["Book"])
        let store = try AppleStore(url: try AppleStoreFixtures.url("coredata-bnr-coredatastack", "TestModel.sqlite"))
        let match = StoreVersionMatch(store: store.model, versionHashes: store.metadata.entityHashes, bundle: bundle)
        #expect(match.equal == [0])
        #expect(match.byVersionHash)
    }
}
