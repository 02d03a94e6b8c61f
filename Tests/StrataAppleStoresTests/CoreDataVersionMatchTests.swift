import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import Testing

/// Which version of a model a store is at, on the fields Core Data's entity version hashes cover (docs/APPLE_STORES.md,
/// "Version hashes"): transient properties left out, a relationship's inverse and every `versionHashModifier` in; and
/// versions equal on those fields are one model for a store, not a broken plan.
struct CoreDataVersionMatchTests {
    /// A model's `contents` holding these entities.
    static func contents(_ entities: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23A344" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        \(entities)
        </model>
        """
    }

    /// Note (title, a transient draft, to-many tags) and Tag (name, to-many notes), everything optional.
    static func noteAndTag(inverse: String = "notes", transient: String = "draft", noteModifier: String? = nil)
        -> String
    {
        let modifier = noteModifier.map { " versionHashModifier=\"\($0)\"" } ?? ""
        return """
                <entity name="Note" representedClassName="Note"\(modifier) syncable="YES">
                    <attribute name="title" optional="YES" attributeType="String"/>
                    <attribute name="\(transient)" optional="YES" transient="YES" attributeType="String"/>
                    <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="\(inverse)" inverseEntity="Tag"/>
                </entity>
                <entity name="Tag" representedClassName="Tag" syncable="YES">
                    <attribute name="name" optional="YES" attributeType="String"/>
                    <relationship name="\(inverse)" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="tags" inverseEntity="Note"/>
                </entity>
            """
    }

    /// A store whose embedded model is Note (title, no transient) and Tag with the inverse pair tags/notes;
    /// `titleFlags` is the archive's `NSFlagsKey` of Note.title.
    private func store(in folder: ModelFolder, titleFlags: Int = 0) throws -> AppleStore {
        let url = folder.url.appendingPathComponent("Notes.sqlite")
        try BuiltStore.write(
            at: url,
            entities: [
                BuiltStore.Entity(
                    name: "Note",
                    properties: [
                        .attribute("title", type: 700, flags: titleFlags),
                        .relationship("tags", destination: "Tag", inverse: "notes", toMany: true),
                    ]),
                BuiltStore.Entity(
                    name: "Tag",
                    properties: [
                        .attribute("name", type: 700),
                        .relationship("notes", destination: "Note", inverse: "tags", toMany: true),
                    ]),
            ],
            primaryKeys: [(1, "Note", 0), (2, "Tag", 0)],
            sql: """
                CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR);
                CREATE TABLE ZTAG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
                CREATE TABLE Z_1TAGS (Z_1NOTES INTEGER, Z_2TAGS INTEGER, PRIMARY KEY (Z_1NOTES, Z_2TAGS));
                """)
        return try AppleStore(url: url)
    }

    @Test func transientPropertiesDoNotCountAndTheInverseAndModifiersDo() throws {
        let folder = try ModelFolder()
        let bundle = try ModelBundle(
            url: try ModelBundleFixtures.bundle(
                "Notes",
                versions: [
                    ("Notes", Self.contents(Self.noteAndTag(inverse: "items"))),
                    ("Notes 2", Self.contents(Self.noteAndTag(noteModifier: "reindexed"))),
                    // Only a transient attribute differs from Notes 3 (and from the store, which has none).
                    ("Notes 3", Self.contents(Self.noteAndTag(transient: "preview"))),
                ], current: "Notes 3", in: folder.url))
        let match = StoreVersionMatch(store: try store(in: folder).model, bundle: bundle)
        // Notes pairs the relationships under another inverse name, Notes 2 has a versionHashModifier: both hash
        // differently; Notes 3 differs from the store only in a transient attribute, which no hash covers.
        #expect(match.equal == [2])
    }

    @Test func theHistoryFlagOfAStoresEmbeddedModelCountsAsInItsVersionHash() throws {
        // Notes 2 differs from Notes only in Note.title's preserveAfterDeletion, which Core Data's attribute hash
        // covers (a byte 1) and its archive records as bit 0x10 of NSFlagsKey.
        let folder = try ModelFolder()
        let preserved = Self.noteAndTag().replacingOccurrences(
            of: "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>",
            with: "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\" preserveAfterDeletion=\"YES\"/>")
        let bundle = try ModelBundle(
            url: try ModelBundleFixtures.bundle(
                "Notes",
                versions: [("Notes", Self.contents(Self.noteAndTag())), ("Notes 2", Self.contents(preserved))],
                current: "Notes 2", in: folder.url))
        let flagged = try store(in: folder, titleFlags: 0x10).model
        let title = try #require(flagged.entities.first { $0.name == "Note" }?.attributes.first { $0.name == "title" })
        #expect(title.preservesValueAfterDeletion)
        #expect(!title.allowsExternalStorage)
        #expect(EntityVersionHash.hashes(of: flagged) == EntityVersionHash.hashes(of: bundle.versions[1]))
        #expect(EntityVersionHash.hashes(of: flagged) != EntityVersionHash.hashes(of: bundle.versions[0]))
        #expect(StoreVersionMatch(store: flagged, bundle: bundle).equal == [1])
        let other = try ModelFolder()
        #expect(StoreVersionMatch(store: try store(in: other).model, bundle: bundle).equal == [0])
        // The built store records hashes of its own, which no version's equal: the embedded model decides, and the
        // match says so.
        let third = try ModelFolder()
        let built = try store(in: third, titleFlags: 0x10)
        let match = StoreVersionMatch(store: built.model, versionHashes: built.metadata.entityHashes, bundle: bundle)
        #expect(match.equal == [1] && match.rule == "modelComparison" && !match.byVersionHash)
        #expect(
            match.ruleDescription
                == "the entity version hashes in the store's metadata equal no version's, so the store's embedded model was compared on the fields those hashes cover"
        )
    }

    @Test func versionsCarryTheirNamesUnlessANameHoldsControlCharacters() throws {
        let folder = try ModelFolder()
        let bundle = try ModelBundle(
            url: try ModelBundleFixtures.bundle(
                "Notes",
                versions: [
                    ("Notes", Self.contents(Self.noteAndTag())),
                    ("Notes \u{1B}[2J 2", Self.contents(Self.noteAndTag(noteModifier: "cleared"))),
                ], current: "Notes \u{1B}[2J 2", in: folder.url))
        let plan = ModelBundlePlan(bundle: bundle)
        #expect(plan.schemas.map(\.version.label) == ["Notes", "2.0.0"])
        #expect(plan.schemas.map(\.version) == [Schema.Version(1, 0, 0), Schema.Version(2, 0, 0)])
        #expect(plan.version(named: "Notes")?.label == "Notes")
    }

    @Test func versionsEqualOnTheHashedFieldsAreOneModelNotABrokenPlan() throws {
        // Notes 2 only renames a class and adds a transient attribute: Strata stores it as Notes, Core Data hashes it
        // the same. The plan is valid, a store at either is at the first of them, and the step between them is empty.
        let folder = try ModelFolder()
        let renamedClass = Self.noteAndTag().replacingOccurrences(
            of: "representedClassName=\"Note\"", with: "representedClassName=\"NoteEntity\"")
        let bundle = try ModelBundle(
            url: try ModelBundleFixtures.bundle(
                "Notes",
                versions: [
                    ("Notes", Self.contents(Self.noteAndTag())),
                    ("Notes 2", Self.contents(renamedClass.replacingOccurrences(of: "draft", with: "preview"))),
                    (
                        "Notes 3",
                        Self.contents(
                            Self.noteAndTag().replacingOccurrences(
                                of: "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>",
                                with:
                                    "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>"
                            ))
                    ),
                ], current: "Notes 3", in: folder.url))
        for progressive in [false, true] {
            let plan = ModelBundlePlan(bundle: bundle, progressive: progressive)
            #expect(plan.schemas[0].fingerprint == plan.schemas[1].fingerprint)
            let (validated, problems) = plan.check()
            #expect(problems.isEmpty, "\(problems)")
            #expect(CoreDataStep(plan: plan, from: 0, to: 1).diff.changes.isEmpty)
            let stages = try validated.stages(from: plan.schemas[1], to: plan.schemas[2])
            #expect(stages.count == 1)
            #expect(stages.first?.diff.changes.map(\.description) == ["Note.body added (String, optional)"])
        }
    }
}
