import Foundation
import Testing

/// `strata info`: version, entities with row counts and history, as text and as `strata.info/1`.
@Suite struct InfoCommandTests {
    @Test func textNamesVersionEntitiesAndEmptyHistory() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 24)
        let run = try CommandRun.strata("info", store)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.contains("Version  1.0.0"))
        #expect(run.standardOutput.contains("Book"))
        #expect(run.standardOutput.contains("24"))
        #expect(run.standardOutput.contains("title: String"))
        #expect(run.standardOutput.contains("no migrations applied"))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(plan: "trips", rows: 10)
        let json = try CommandRun.strata("info", store, "--json").json()
        #expect(json["format"] as? String == "strata.info/1")
        #expect(json["store"] as? String == store)
        #expect(json["storeFormat"] as? Int == 1)
        #expect(json["version"] as? String == "1.0.0")
        #expect((json["fingerprint"] as? String)?.count == 64)
        let entities = try #require(json["entities"] as? [[String: Any]])
        let trip = try #require(entities.first { $0["name"] as? String == "Trip" })
        #expect(trip["rows"] as? Int == 10)
        let attributes = try #require(trip["attributes"] as? [[String: Any]])
        #expect(
            attributes.contains {
                $0["name"] as? String == "name" && $0["type"] as? String == "String" && $0["optional"] as? Bool == false
            })
        let relationships = try #require(trip["relationships"] as? [[String: Any]])
        #expect(relationships.contains { $0["toMany"] as? Bool == true && $0["deleteRule"] != nil })
        #expect((json["history"] as? [Any])?.isEmpty == true)
    }

    @Test func historyListsAppliedStages() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 6)
        #expect(try CommandRun.strata("migrate", store, "--plan", "bookshelf", "--yes").status == 0)
        let json = try CommandRun.strata("info", store, "--json").json()
        #expect(json["version"] as? String == "3.0.0")
        let history = try #require(json["history"] as? [[String: Any]])
        #expect(history.map { $0["to"] as? String } == ["2.0.0", "3.0.0"])
        #expect(history.map { $0["kind"] as? String } == ["lightweight", "custom"])
        #expect(history.allSatisfy { ($0["appliedAt"] as? String)?.contains("T") == true })
        let text = try CommandRun.strata("info", store).standardOutput
        #expect(text.contains("custom 2.0.0 -> 3.0.0, 6 row writes"))
    }
}

/// `strata info` on a store made from an app's sources whose model declares `#Unique` and `#Index` (iOS 18).
@Suite struct InfoUniqueGroupsTests {
    /// An app's model file, as apps write it: a compound uniqueness and two indexes inside the class body.
    static let model = """
        import Foundation
        import SwiftData

        enum CalendarSchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Event.self] }

            @Model final class Event {
                #Unique<Event>([\\.calendar, \\.day])
                #Index<Event>([\\.day], [\\.calendar, \\.title])
                var calendar: String
                var day: Date
                var title: String
                init(calendar: String, day: Date, title: String) {
                    self.calendar = calendar
                    self.day = day
                    self.title = title
                }
            }
        }

        enum CalendarPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [CalendarSchemaV1.self] }
            static var stages: [MigrationStage] { [] }
        }
        """

    @Test func groupsShowInTextAndJSON() throws {
        let directory = try TemporaryStore()
        let sources = directory.path("CalendarApp")
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try Self.model.write(toFile: sources + "/Schema.swift", atomically: true, encoding: .utf8)
        let store = directory.path("Calendar.store")
        let made = try CommandRun.strata("new", store, "--sources", sources, "--at", "1.0.0")
        #expect(made.status == 0, "\(made.standardError)")

        let json = try CommandRun.strata("info", store, "--json").json()
        let entities = try #require(json["entities"] as? [[String: Any]])
        let event = try #require(entities.first { $0["name"] as? String == "Event" })
        #expect(event["uniqueGroups"] as? [[String]] == [["calendar", "day"]])
        #expect(
            event["indexes"] as? [[String]] == [["calendar", "title"], ["day"]], "sorted, as the fingerprint keeps them"
        )

        let text = try CommandRun.strata("info", store)
        #expect(
            text.standardOutput.contains("  Event: #Unique(calendar, day), #Index(calendar, title), #Index(day)\n"),
            "\(text.standardOutput)")
    }
}

/// Issue 44, item 9: piped, `info` has no terminal width to fit, so its table prints every property whole.
@Suite struct InfoPipedWidthTests {
    @Test func aLongPropertyListIsNotCutWhenPiped() throws {
        let directory = try TemporaryStore()
        let sources = directory.path("WideApp")
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        let names = (1...12).map { "someRatherLongPropertyName\($0)" }
        let model = """
            import SwiftData

            enum WideSchemaV1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Wide.self] }

                @Model final class Wide {
            \(names.map { "        var \($0): String = \"\"" }.joined(separator: "\n"))
                    init() {}
                }
            }

            enum WidePlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [WideSchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            """
        try model.write(toFile: sources + "/Schema.swift", atomically: true, encoding: .utf8)
        let store = directory.path("Wide.store")
        let made = try CommandRun.strata("new", store, "--sources", sources, "--at", "1.0.0")
        #expect(made.status == 0, "\(made.standardError)")
        let text = try CommandRun.strata("info", store).standardOutput
        #expect(text.contains("someRatherLongPropertyName12: String"), "\(text)")
        #expect(!text.contains("…"), "\(text)")
    }
}
