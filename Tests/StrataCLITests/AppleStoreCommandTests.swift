import AppleStoreFixtures
import Foundation
import Testing

/// `strata info` and `strata rows` on copies of real SwiftData and Core Data stores from
/// Tests/Fixtures/AppleStores (or $STRATA_APPLE_FIXTURES): detected format, metadata, row counts and pages,
/// and the copies' file, -wal and -shm byte-identical to the originals after every command.
@Suite
struct AppleStoreCommandTests {
    /// Copies `folder/file` with its -wal and -shm (when present) into `directory` and returns the copy's path;
    /// the originals are only read.
    static func copy(_ folder: String, _ file: String, into directory: TemporaryStore) throws -> String {
        let target = directory.path(file)
        try AppleStoreFixtures.copy(folder, file, to: target)
        #expect(
            TemporaryStore.digests(of: target)
                == TemporaryStore.digests(
                    of: AppleStoreFixtures.source.appendingPathComponent(folder).appendingPathComponent(file).path))
        return target
    }

    /// Runs `strata` and checks that the store's three files are unchanged by it.
    static func run(_ arguments: [String], unchanging store: String) throws -> CommandRun {
        let before = TemporaryStore.digests(of: store)
        let run = try CommandRun.strata(arguments)
        #expect(TemporaryStore.digests(of: store) == before, "\(arguments) changed \(store)")
        return run
    }

    @Test func infoTextOnASwiftDataStoreWithRowsInTheWal() throws {
        let directory = try TemporaryStore()
        let store = try Self.copy("swiftdata-resourcesmanager", "default.store", into: directory)
        let run = try Self.run(["info", store], unchanging: store)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let text = run.standardOutput
        #expect(text.contains("SwiftData / Core Data store"))
        #expect(text.contains("Version identifiers 1.0.0"))
        #expect(text.contains("Framework version   1345"))
        #expect(text.contains("Store UUID"))
        #expect(text.contains("Checksum            matches"))
        #expect(text.contains("Digest              matches"))
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.contains { $0.prefix(2) == ["Component", "5"] })
        #expect(lines.contains { $0.prefix(2) == ["CraftingRecipe", "4"] })
        #expect(lines.contains { $0.prefix(2) == ["Item", "7"] })
        #expect(text.contains("History tables (hidden) ACHANGE, ATRANSACTION, ATRANSACTIONSTRING"))
    }

    @Test func infoJSONIsTheInfoDocumentOfKindApple() throws {
        let directory = try TemporaryStore()
        let store = try Self.copy("swiftdata-resourcesmanager", "default.store", into: directory)
        let run = try Self.run(["info", store, "--json"], unchanging: store)
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["format"] as? String == "strata.info/1")
        #expect(json["kind"] as? String == "apple")
        #expect(json["store"] as? String == store)
        #expect(json["version"] as? String == "1.0.0")
        #expect(json["versionIdentifiers"] as? [String] == ["1.0.0"])
        #expect(json["frameworkVersion"] as? Int == 1345)
        #expect((json["storeUUID"] as? String)?.isEmpty == false)
        #expect(json["checksum"] as? String == "matches")
        #expect(json["digest"] as? String == "matches")
        #expect(json["historyTables"] as? [String] == ["ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING"])
        let entities = try #require(json["entities"] as? [[String: Any]])
        #expect(entities.map { $0["name"] as? String } == ["Component", "CraftingRecipe", "Item"])
        #expect(entities.map { $0["rows"] as? Int } == [5, 4, 7])
        #expect(json["fingerprint"] == nil && json["history"] == nil)
    }

    @Test func infoOnAnOldCoreDataStoreSaysNotRecorded() throws {
        let directory = try TemporaryStore()
        let store = try Self.copy("coredata-bnr-coredatastack", "TestModel.sqlite", into: directory)
        let text = try Self.run(["info", store], unchanging: store)
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("SwiftData / Core Data store"))
        #expect(text.standardOutput.contains("Framework version   637"))
        #expect(text.standardOutput.contains("Checksum            not recorded"))
        #expect(text.standardOutput.contains("Digest              not recorded"))
        #expect(text.standardOutput.contains("History tables (hidden) none"))
        let json = try Self.run(["info", store, "--json"], unchanging: store).json()
        #expect(json["kind"] as? String == "apple")
        #expect(json["checksum"] as? String == "not recorded")
        let entities = try #require(json["entities"] as? [[String: Any]])
        #expect(entities.map { $0["name"] as? String } == ["Author", "Book"])
        #expect(entities.map { $0["rows"] as? Int } == [0, 0])
    }

    @Test func strataStoresSayTheirKind() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 3)
        let json = try Self.run(["info", store, "--json"], unchanging: store).json()
        #expect(json["kind"] as? String == "strata")
        #expect(json["storeFormat"] as? Int == 1)
    }

    @Test func rowsPageThroughTheWal() throws {
        let directory = try TemporaryStore()
        let store = try Self.copy("swiftdata-resourcesmanager", "default.store", into: directory)
        for (entity, total) in [("Component", 5), ("CraftingRecipe", 4), ("Item", 7)] {
            let json = try Self.run(["rows", store, entity, "--json"], unchanging: store).json()
            #expect(json["format"] as? String == "strata.rows/1")
            #expect(json["entity"] as? String == entity)
            #expect(json["total"] as? Int == total)
            #expect((json["rows"] as? [Any])?.count == total)
            #expect((json["columns"] as? [String])?.first == "Z_PK")
        }
        let page = try Self.run(["rows", store, "Item", "--limit", "3", "--offset", "1"], unchanging: store)
        #expect(page.status == 0)
        let lines = page.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Z_PK") == true && lines.first?.contains("name") == true)
        #expect(lines.count == 6)
        #expect(lines.last == "Item: rows 2-4 of 7")
        #expect(page.standardOutput.contains("CraftingRecipe#"))
        let items = try Self.run(["rows", store, "Item", "--json"], unchanging: store).json()
        let rows = try #require(items["rows"] as? [[String: Any]])
        #expect(rows.allSatisfy { ($0["name"] as? String)?.isEmpty == false })
    }

    @Test func rowsOfACoreDataStoreAndAnUnknownEntity() throws {
        let directory = try TemporaryStore()
        let store = try Self.copy("coredata-bnr-coredatastack", "TestModel.sqlite", into: directory)
        let empty = try Self.run(["rows", store, "Book"], unchanging: store)
        #expect(empty.status == 0)
        #expect(empty.standardOutput == "Book: no rows\n")
        for option in ["--limit", "--offset"] {
            // A negative count is refused as a negative count, not read as an unknown flag.
            let negative = try Self.run(["rows", store, "Book", option, "-1"], unchanging: store)
            #expect(negative.status == 2, "\(negative.standardError)")
            #expect(negative.standardError.hasPrefix("Error: \(option) must be 0 or more"), "\(negative.standardError)")
        }
        let unknown = try Self.run(["rows", store, "Nope"], unchanging: store)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("\(store) has no entity 'Nope'; its entities are Author, Book"))
    }

    @Test func filtersOnAppleStoresCompareTheShownValues() throws {
        let directory = try TemporaryStore()
        let store = try Self.copy("swiftdata-resourcesmanager", "default.store", into: directory)
        let axe = try Self.run(["rows", store, "Item", "--where", "name=Stone Axe", "--json"], unchanging: store).json()
        #expect(axe["total"] as? Int == 1)
        #expect((axe["rows"] as? [[String: Any]])?.first?["Z_PK"] as? Int == 1)
        let byRecipe = try Self.run(
            ["rows", store, "Item", "--where", "craftingRecipe=CraftingRecipe#1", "--json"], unchanging: store
        ).json()
        let recipeRows = try #require(byRecipe["rows"] as? [[String: Any]])
        #expect(!recipeRows.isEmpty && recipeRows.allSatisfy { $0["craftingRecipe"] as? String == "CraftingRecipe#1" })
        let unknown = try Self.run(["rows", store, "Item", "--where", "nope=1"], unchanging: store)
        #expect(unknown.status == 2)
        #expect(
            unknown.standardError.contains("cannot filter Item on 'nope': its columns are Z_PK, name, craftingRecipe"))
        #expect(unknown.standardOutput.isEmpty)
        let badKey = try Self.run(["rows", store, "Item", "--where", "Z_PK=first"], unchanging: store)
        #expect(badKey.status == 2)
        #expect(badKey.standardError.contains("Z_PK holds numbers, got 'first'"))
    }

    /// Every filter form of Strata stores on a real Core Data store (EasyLife's 158 to-dos): the expected counts
    /// were read from the file with sqlite3 (`ZDATE` is seconds since 2001-01-01; 2017-04-22T00:00:00Z is
    /// 514512000), and each returned row is checked against its condition.
    @Test func filtersOnACoreDataStoreTakeTheSyntaxOfStrataStores() throws {
        let directory = try TemporaryStore()
        let store = try Self.copy("coredata-easylife", "EasyLife.sqlite", into: directory)
        func rows(_ conditions: String...) throws -> (total: Int, rows: [[String: Any]]) {
            let run = try Self.run(
                ["rows", store, "TodoItem", "--limit", "200", "--json"] + conditions.flatMap { ["--where", $0] },
                unchanging: store)
            #expect(run.status == 0, "\(conditions): \(run.standardError)")
            let json = try run.json()
            return (json["total"] as? Int ?? -1, json["rows"] as? [[String: Any]] ?? [])
        }
        let spaced = try rows("name=phone bank")
        #expect(spaced.total == 1 && spaced.rows.first?["Z_PK"] as? Int == 2, "an unquoted value with a space")
        #expect(try rows(#"name="phone bank""#).total == 1)
        let phone = try rows("name~PHONE")
        #expect(phone.total == 6, "contains, ignoring case")
        #expect(phone.rows.allSatisfy { ($0["name"] as? String)?.lowercased().contains("phone") == true })
        let day = try rows("date=2017-04-22")
        #expect(day.total == 6 && day.rows.allSatisfy { ($0["date"] as? String)?.hasPrefix("2017-04-22") == true })
        #expect(try rows("date<2017-04-22").total == 5, "before the day")
        #expect(try rows("date<=2017-04-22").total == 11, "up to the day's end")
        let instant = try rows("date=2017-04-21T13:13:38.120Z")
        #expect(instant.total == 1 && instant.rows.first?["Z_PK"] as? Int == 4, "the millisecond the rows show")
        #expect(try rows("repeats>0").total == 8, "numbers compare as numbers")
        #expect(try rows("done=true").total == 142)
        #expect(try rows("name~phone", "Z_PK<=20").total == 2, "conditions combine with AND")
        let badDate = try Self.run(["rows", store, "TodoItem", "--where", "date>tomorrow"], unchanging: store)
        #expect(badDate.status == 2)
        #expect(
            badDate.standardError.contains("cannot filter TodoItem on 'date': date is a date: write it as 2020-01-31"))
    }

    @Test func openWithoutATerminalSummarisesTheStoreReadOnly() throws {
        let directory = try TemporaryStore()
        let store = try Self.copy("swiftdata-resourcesmanager", "default.store", into: directory)
        let run = try Self.run(["open", store, "--plan", "bookshelf"], unchanging: store)
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(4) == [
                "store: \(store)", "format: SwiftData / Core Data store (read-only)", "version: model 1.0.0",
                "entities:",
            ])
        #expect(lines.contains("  Item: 7 rows") && lines.contains("plan: bookshelf, versions 1.0.0, 2.0.0, 3.0.0"))
        #expect(
            lines.last
                == "The store says it is 1.0.0, but its model is not the plan bookshelf's 1.0.0 (4 differences, see the Diff)."
        )
    }

    @Test func anSQLiteFileOfNeitherKindIsAStoreProblem() throws {
        let directory = try TemporaryStore()
        let header = Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84)
        let path = try directory.file("neither.sqlite", bytes: header)
        for command in [["info"], ["rows", "Item"]] {
            let run = try Self.run([command[0], path] + command.dropFirst(), unchanging: path)
            #expect(run.status == 3)
            #expect(run.standardError.contains(path))
            #expect(run.standardOutput.isEmpty)
        }
    }
}

/// `strata import` as a subprocess: the JSON report, a store `info` then reads, a refused version naming the
/// differences with nothing written, and an existing destination refused; the Apple store's files never change.
@Suite
struct ImportCommandTests {
    @Test func importReportsAsJSONAndTheNewStoreHoldsTheRows() throws {
        let directory = try TemporaryStore()
        let store = try AppleStoreCommandTests.copy("swiftdata-resourcesmanager", "default.store", into: directory)
        let imported = directory.path("Imported.store")
        let run = try AppleStoreCommandTests.run(["import", store, imported, "--json"], unchanging: store)
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["format"] as? String == "strata.import/1")
        #expect(json["source"] as? String == store && json["destination"] as? String == imported)
        #expect(json["version"] as? String == "1.0.0")
        let entities = try #require(json["entities"] as? [[String: Any]])
        #expect(entities.map { $0["name"] as? String } == ["Component", "CraftingRecipe", "Item"])
        #expect(entities.map { $0["rows"] as? Int } == [5, 4, 7])
        #expect((json["links"] as? Int ?? 0) > 0)
        #expect((json["notes"] as? [Any])?.isEmpty == true)
        let info = try CommandRun.strata(["info", imported, "--json"]).json()
        #expect(info["kind"] as? String == "strata" && info["version"] as? String == "1.0.0")
        #expect((info["entities"] as? [[String: Any]])?.map { $0["rows"] as? Int } == [5, 4, 7])

        let text = try AppleStoreCommandTests.run(["import", store, directory.path("Text.store")], unchanging: store)
        #expect(
            text.standardOutput.split(separator: "\n").map(String.init) == [
                "Imported \(store) into \(directory.path("Text.store")) at version 1.0.0",
                "  Component: 5 rows", "  CraftingRecipe: 4 rows", "  Item: 7 rows",
                "  relationship links: \(json["links"] as? Int ?? -1)", "Everything was carried over.",
            ])

        let again = try AppleStoreCommandTests.run(["import", store, imported], unchanging: store)
        #expect(again.status == 2)
        #expect(again.standardError.contains("already exists"))
    }

    @Test func aVersionTheModelIsNotIsRefusedAndNothingIsWritten() throws {
        let directory = try TemporaryStore()
        let store = try AppleStoreCommandTests.copy("swiftdata-resourcesmanager", "default.store", into: directory)
        let imported = directory.path("Imported.store")
        let run = try AppleStoreCommandTests.run(
            ["import", store, imported, "--plan", "bookshelf", "--as", "1.0.0"], unchanging: store)
        #expect(run.status == 1)
        #expect(run.standardError.contains("is not version 1.0.0 of the plan; differences (store -> plan):"))
        #expect(run.standardError.contains("Book"))
        #expect(!FileManager.default.fileExists(atPath: imported))
    }
}
