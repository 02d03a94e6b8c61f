import Foundation
import Testing

/// `strata check --upgrades`: a sample store at every older version migrated to the newest, as a matrix.
@Suite struct UpgradePathsCommandTests {
    @Test func everyBookshelfVersionUpgradesWithItsRowsKeptOrChanged() throws {
        let run = try CommandRun.strata("check", "--plan", "bookshelf", "--upgrades", "--sample", "8", "--json")
        #expect(run.status == 0, "\(run.standardError)")
        let json = try run.json()
        #expect(json["upgradeTarget"] as? String == "3.0.0")
        let paths = try #require(json["upgrades"] as? [[String: Any]])
        #expect(paths.map { $0["from"] as? String } == ["1.0.0", "2.0.0"])
        #expect(paths.allSatisfy { $0["outcome"] as? String == "reached" && $0["message"] as? String == "3.0.0" })
        for path in paths {
            // The author split rewrites every book: each of the 8 rows changed, none lost, none added.
            let book = try #require((path["entities"] as? [[String: Any]])?.first { $0["entity"] as? String == "Book" })
            #expect(book["changed"] as? Int == 8)
            #expect(book["kept"] as? Int == 0 && book["inserted"] as? Int == 0 && book["deleted"] as? Int == 0)
        }
        let text = try CommandRun.strata(
            ["check", "--plan", "bookshelf", "--upgrades", "--sample", "8"], environment: ["NO_COLOR": "1"])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("Upgrade paths to 3.0.0, 8 sample rows per entity"))
        #expect(text.standardOutput.contains("1.0.0  reached 3.0.0  0/8/0/0"))
    }

    @Test func aPathThatFailsIsNamedWithItsStageAndExitsOne() throws {
        let temporary = try TemporaryStore()
        let folder = URL(fileURLWithPath: temporary.path("HelpdeskApp"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.helpdeskApp.write(
            to: folder.appendingPathComponent("Tickets.swift"), atomically: true, encoding: .utf8)

        let run = try CommandRun.strata("check", "--sources", folder.path, "--upgrades", "--sample", "120", "--json")
        #expect(run.status == 1, "\(run.standardError)")
        let paths = try #require(try run.json()["upgrades"] as? [[String: Any]])
        #expect(paths.map { $0["from"] as? String } == ["1.0.0", "2.0.0"])
        // From 1.0.0 the lightweight stage makes the ticket number unique, but 120 sample tickets numbered row % 100
        // repeat 20 numbers: the constraint cannot be created and the stage rolls back.
        #expect(paths[0]["outcome"] as? String == "failed")
        #expect(paths[0]["stage"] as? String == "1.0.0 -> 2.0.0")
        let message = try #require(paths[0]["message"] as? String)
        #expect(message.contains("Ticket.number: 20 groups of duplicate values"), "\(message)")
        #expect(message.contains("a unique constraint cannot be created while duplicates remain"))
        // From 2.0.0 (numbers already unique) the lightweight stage only adds an optional property: all kept.
        #expect(paths[1]["outcome"] as? String == "reached")
        let tickets = try #require((paths[1]["entities"] as? [[String: Any]])?.first)
        #expect(tickets["entity"] as? String == "Ticket")
        #expect(tickets["kept"] as? Int == 120 && tickets["changed"] as? Int == 0)
        let text = try CommandRun.strata(
            ["check", "--sources", folder.path, "--upgrades", "--sample", "120"], environment: ["NO_COLOR": "1"])
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("1 of 2 upgrade paths failed."))
    }

    /// A help-desk app whose 1.0.0 -> 2.0.0 lightweight stage makes the ticket number unique.
    static let helpdeskApp = """
        import Foundation
        import SwiftData

        enum HelpdeskV1: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
            static var models: [any PersistentModel.Type] { [Ticket.self] }

            @Model final class Ticket {
                var number: Int
                var subject: String
                init(number: Int, subject: String) { self.number = number; self.subject = subject }
            }
        }

        enum HelpdeskV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [Ticket.self] }

            @Model final class Ticket {
                @Attribute(.unique) var number: Int
                var subject: String
                init(number: Int, subject: String) { self.number = number; self.subject = subject }
            }
        }

        enum HelpdeskV3: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(3, 0, 0) }
            static var models: [any PersistentModel.Type] { [Ticket.self] }

            @Model final class Ticket {
                @Attribute(.unique) var number: Int
                var subject: String
                var resolution: String?
                init(number: Int, subject: String) { self.number = number; self.subject = subject }
            }
        }

        enum HelpdeskPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [HelpdeskV1.self, HelpdeskV2.self, HelpdeskV3.self] }
            static var stages: [MigrationStage] {
                [
                    .lightweight(fromVersion: HelpdeskV1.self, toVersion: HelpdeskV2.self),
                    .lightweight(fromVersion: HelpdeskV2.self, toVersion: HelpdeskV3.self),
                ]
            }
        }
        """
}
