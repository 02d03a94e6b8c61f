import Foundation
import Strata
import StrataSources
import Testing

/// The rules of a CloudKit-synced SwiftData app, linted at file:line on SummitLogApp (synced through
/// `cloudKitDatabase: .private(…)` and its entitlements): each rule passes on the app as written and fails on a copy
/// edited to break it.
@Suite struct CloudKitLintTests {
    static let v1 = "Schema/SummitSchemaV1.swift"
    static let v2 = "Schema/SummitSchemaV2.swift"

    /// The CloudKit findings of a copy of SummitLogApp with `edits`, as "File.swift:line:column: severity: message".
    static func cloudKitFindings(editing edits: [(String, String, String)] = []) throws -> [String] {
        let folder = try SourceLintTests.copy("SummitLogApp", editing: edits)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = try AppSources(folder: folder)
        let sync = try #require(CloudKitSync.detect(in: sources))
        return SourceLint(plan: try sources.plan(named: nil), sources: sources, cloudKit: sync).findings()
            .filter { $0.message.hasPrefix("CloudKit: ") }
            .map {
                "\(URL(fileURLWithPath: $0.location.file).lastPathComponent):\($0.location.line):\($0.location.column): \($0.severity): \($0.message)"
            }
    }

    @Test func theAppAsWrittenFollowsEveryRule() throws {
        #expect(try Self.cloudKitFindings() == [])
    }

    @Test func anAttributeRequiredWithoutADefaultFailsToLoad() throws {
        let found = try Self.cloudKitFindings(editing: [
            (Self.v2, #"var weather: String = "clear""#, "var weather: String")
        ])
        #expect(
            found == [
                "SummitSchemaV2.swift:17:9: error: CloudKit: Hike.weather is required without a default: a CloudKit-synced container fails to load with \"CloudKit integration requires that all attributes be optional, or have a default value set\"; make it optional or give it a default value"
            ])
    }

    @Test func uniqueAttributesAndUniqueGroupsFailToLoad() throws {
        let found = try Self.cloudKitFindings(editing: [
            (Self.v2, "        var title: String = \"\"\n", "        @Attribute(.unique) var title: String = \"\"\n"),
            (
                Self.v2, "    final class Peak {\n",
                "    final class Peak {\n        #Unique<Peak>([\\.name, \\.elevation])\n"
            ),
        ])
        #expect(found.count == 2)
        #expect(found.contains { $0.hasPrefix("SummitSchemaV2.swift:13:9: error: CloudKit: Hike.title is unique") })
        #expect(
            found.contains {
                $0.hasPrefix("SummitSchemaV2.swift:33:5: error: CloudKit: Peak has #Unique on (name, elevation)")
                    && $0.contains("CloudKit integration does not support unique constraints")
            })
    }

    @Test func aRequiredRelationshipFailsToLoad() throws {
        let found = try Self.cloudKitFindings(editing: [
            (Self.v2, "var photos: [Photo]? = []", "var photos: [Photo] = []")
        ])
        #expect(
            found == [
                "SummitSchemaV2.swift:18:9: error: CloudKit: Hike.photos is a required relationship: a CloudKit-synced container fails to load with \"CloudKit integration requires that all relationships be optional\"; make it optional ([Photo]?)"
            ])
    }

    @Test func aRelationshipWithoutAnInverseFailsToLoad() throws {
        let found = try Self.cloudKitFindings(editing: [
            (
                Self.v2, "        var peak: Peak?\n\n        init(title",
                "        var peak: Peak?\n        var cover: Photo?\n\n        init(title"
            )
        ])
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix(
                "SummitSchemaV2.swift:20:9: error: CloudKit: Hike.cover has no inverse: a CloudKit-synced container fails to load with \"CloudKit integration requires that all relationships have an inverse\""
            ) == true)
    }

    @Test func theDenyRuleFailsToLoad() throws {
        let found = try Self.cloudKitFindings(editing: [
            (Self.v2, "deleteRule: .cascade, inverse: \\Photo.hike", "deleteRule: .deny, inverse: \\Photo.hike")
        ])
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix("SummitSchemaV2.swift:18:9: error: CloudKit: Hike.photos has the .deny delete rule")
                == true)
    }

    @Test func removingRenamingOrRetypingAfterSyncBeganWarnsOfWhatOlderInstallsSend() throws {
        let removed = try Self.cloudKitFindings(editing: [(Self.v2, "        var notes: String?\n", "")])
        #expect(
            removed == [
                "SummitSchemaV2.swift:11:5: warning: CloudKit: Hike.notes removed in 1.0.0 -> 2.0.0 after CloudKit sync began: the field stays in the production schema and installs still at 1.0.0 keep sending it, which 2.0.0 ignores; they no longer get a value for it from newer installs (theirs become nil or the default)"
            ])
        let renamed = try Self.cloudKitFindings(editing: [
            (
                Self.v2, "        var notes: String?\n",
                "        @Attribute(originalName: \"notes\") var journal: String?\n"
            )
        ])
        #expect(renamed.count == 1)
        #expect(
            renamed.first?.hasPrefix(
                "SummitSchemaV2.swift:15:9: warning: CloudKit: Hike.journal renamed from notes in 1.0.0 -> 2.0.0 after CloudKit sync began: CloudKit sees a new field, installs still at 1.0.0 keep sending notes"
            ) == true)
        let retyped = try Self.cloudKitFindings(editing: [
            (Self.v2, "var elevation: Int = 0", "var elevation: Double = 0")
        ])
        #expect(retyped.count == 1)
        #expect(
            retyped.first?.hasPrefix(
                "SummitSchemaV2.swift:36:9: warning: CloudKit: Peak.elevation changed type from Int to Double in 1.0.0 -> 2.0.0 after CloudKit sync began"
            ) == true)
    }

    @Test func changesBeforeTheFirstVersionThatCouldSyncAreFree() throws {
        // SummitSchemaV1 with a unique title could not load with CloudKit: syncing began at 2.0.0, so dropping notes
        // on the way there sends nothing stale.
        let found = try Self.cloudKitFindings(editing: [
            (Self.v1, "        var title: String = \"\"\n", "        @Attribute(.unique) var title: String = \"\"\n"),
            (Self.v2, "        var notes: String?\n", ""),
        ])
        #expect(found == [])
    }

    @Test func syncIsDetectedFromTheConfigurationOrTheEntitlements() throws {
        let configuration = cloudKitDatabaseLine
        let entitlements = try SourceLintTests.copy(
            "SummitLogApp", editing: [("SummitLogApp.swift", configuration, "schema: schema")])
        defer { try? FileManager.default.removeItem(at: entitlements) }
        let byEntitlements = try #require(CloudKitSync.detect(in: try AppSources(folder: entitlements)))
        #expect(byEntitlements.evidence.count == 1)
        #expect(
            byEntitlements.evidence.first?.description.hasSuffix(
                "SummitLog.entitlements:1:1: note: iCloud container iCloud.com.example.summitlog with CloudKit") == true
        )

        let fromSources = try #require(
            CloudKitSync.detect(in: try AppSources(folder: FixtureTree.folder("SummitLogApp"))))
        #expect(
            fromSources.evidence.map(\.description) == [
                "\(FixtureTree.folder("SummitLogApp").path)/SummitLogApp.swift:13:13: note: cloudKitDatabase: .private(SummitLogApp.containerIdentifier)"
            ])

        let off = try SourceLintTests.copy(
            "SummitLogApp", editing: [("SummitLogApp.swift", ".private(SummitLogApp.containerIdentifier)", ".none")])
        defer { try? FileManager.default.removeItem(at: off) }
        #expect(CloudKitSync.detect(in: try AppSources(folder: off)) == nil)

        let neither = try SourceLintTests.copy(
            "SummitLogApp", editing: [("SummitLogApp.swift", configuration, "schema: schema")])
        defer { try? FileManager.default.removeItem(at: neither) }
        try FileManager.default.removeItem(at: neither.appendingPathComponent("SummitLog.entitlements"))
        #expect(CloudKitSync.detect(in: try AppSources(folder: neither)) == nil)
    }

    /// The configuration's arguments in SummitLogApp.swift, from the schema to the CloudKit database.
    let cloudKitDatabaseLine =
        "schema: schema,\n            cloudKitDatabase: .private(SummitLogApp.containerIdentifier)"

    @Test func theRulesOfOneVersionAndAcrossVersionsOnSchemasDescribedByHand() {
        let peak = Schema.Entity(
            name: "Peak",
            attributes: [Schema.Attribute(name: "name", valueType: .string, isOptional: true)])
        let hike = Schema.Entity(
            name: "Hike",
            attributes: [Schema.Attribute(name: "title", valueType: .string, isOptional: true)])
        let v1 = Schema(entities: [hike, peak], version: Schema.Version(1, 0, 0))
        let v2 = Schema(entities: [hike], version: Schema.Version(2, 0, 0))
        #expect(CloudKitRules.findings(in: v1).isEmpty)
        let removed = CloudKitRules.findings(inPlan: [v1, v2])
        #expect(removed.count == 1)
        #expect(removed.first?.schema == 1)
        #expect(removed.first?.finding.entity == "Peak")
        #expect(removed.first?.finding.isError == false)
        #expect(
            removed.first?.finding.message.hasPrefix(
                "entity Peak removed in 1.0.0 -> 2.0.0 after CloudKit sync began: its record type stays in the production schema, installs still at 1.0.0 keep sending Peak records"
            ) == true)
    }
}
