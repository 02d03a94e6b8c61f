import Foundation
import Strata
import StrataSources
import Testing

/// The source corpus at the compiled level (Tests/compiled-sources.sh runs it, with CompiledSourcesTests): the
/// defaults the static level evaluates are the values the compiled models fill, and the sample rows the static level
/// generates decode with the app's own types.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["STRATA_COMPILED_TESTS"] == "1"))
struct CorpusCompiledSourcesTests {
    @Test func addedPropertiesAreFilledAlikeAtTheStaticAndCompiledLevels() throws {
        let pantry = SourceCorpusTests.corpus.appendingPathComponent("PantryApp")
        let temporary = try TemporaryStore()
        let built = temporary.path("compiled.store")
        let read = temporary.path("static.store")
        for store in [built, read] {
            let made = try CommandRun.strata("new", store, "--sources", pantry.path, "--at", "1.0.0", "--sample", "6")
            #expect(made.status == 0, "\(made.standardError)")
        }
        let migrated = try CompiledSourcesTests.compiled("migrate", built, "--sources", pantry.path, "--yes")
        #expect(migrated.status == 0, "\(migrated.standardError)")
        // The static level's plan, run by the engine itself (its stages are lightweight or inferred).
        let migrator = try Migrator(
            store: URL(fileURLWithPath: read), validated: AppSources(folder: pantry).plan(named: nil).validated())
        while try migrator.runNextStage() != nil {}

        let compiledRows = try Self.rows(built)
        let staticRows = try Self.rows(read)
        #expect(compiledRows.count == 6 && staticRows.count == 6)
        for column in [
            "notes", "isOpened", "count", "status", "tags", "labels", "shelf", "weight", "note", "rating",
            "favourites", "shelfLifeDays", "price", "servings", "reorderAt", "restockEvery", "sortOrder",
            "minutesPerServing", "portions",
        ] {
            #expect(
                compiledRows.map { "\($0[column] ?? "missing")" } == staticRows.map { "\($0[column] ?? "missing")" },
                "\(column)")
        }
        // One value for every row, evaluated once, at both levels.
        for rows in [compiledRows, staticRows] {
            #expect(Set(rows.map { "\($0["addedAt"] ?? "")" }).count == 1)
            #expect(Set(rows.map { "\($0["batch"] ?? "")" }).count == 1)
        }
        // The default only the app's code knows: filled by the compiled models, left empty by the static level.
        #expect(compiledRows.allSatisfy { ($0["code"] as? String)?.count == 6 })
        #expect(staticRows.allSatisfy { $0["code"] is NSNull })
    }

    @Test func sampleRowsDecodeWithTheAppsOwnTypes() throws {
        let cinema = SourceCorpusTests.corpus.appendingPathComponent("CinemaApp").path
        let temporary = try TemporaryStore()
        let store = temporary.path("cinema.store")
        let made = try CommandRun.strata("new", store, "--sources", cinema, "--at", "1.0.0", "--sample", "12")
        #expect(made.status == 0, "\(made.standardError)")
        // The stage's willMigrate fetches every screening and reads each property with the app's enums and struct.
        let migrated = try CompiledSourcesTests.compiled("migrate", store, "--sources", cinema, "--yes", "--json")
        #expect(migrated.status == 0, "\(migrated.standardError)")
        #expect(try migrated.json()["reached"] as? String == "2.0.0")
        let seen = try Self.rows(store, "Screening").map { $0["seen"] as? Int }
        #expect(seen.filter { $0 == 1 }.count == 4) // every third row is .finished
    }

    @Test func moduleQualifiedNamesCompileAndBothLevelsReadTheSameSchemas() throws {
        // Codable structs and enums known by shape (LendingApp, CinemaApp, KitchenApp) and `#if` resolved for iOS
        // (TrailApp): the compiled level declares the shapes and keeps the clauses the static level read.
        for app in ["ShelfApp", "PantryApp", "LendingApp", "CinemaApp", "KitchenApp", "TrailApp"] {
            let folder = SourceCorpusTests.corpus.appendingPathComponent(app).path
            let read = try CommandRun.strata("check", "--sources", folder, "--json", "--static").json()
            let built = try CompiledSourcesTests.compiled("check", "--sources", folder, "--json", "--compiled")
            let compiled = try built.json()
            let fingerprints = { (report: [String: Any]) in
                (report["versions"] as? [[String: Any]])?.compactMap { $0["fingerprint"] as? String } ?? []
            }
            #expect(!fingerprints(read).isEmpty, "\(app)")
            #expect(fingerprints(read) == fingerprints(compiled), "\(app): \(built.standardError)")
            if app == "ShelfApp" {
                // `ShelfApp.Book.self` and `ShelfApp.ShelfSchemaV1.self`: the module's name is declared for them.
                let shims = (compiled["compiled"] as? [String: Any])?["shims"] as? [[String: Any]] ?? []
                #expect(
                    shims.contains {
                        ($0["provides"] as? String)?.contains("ShelfApp.Book, ShelfApp.ShelfSchemaV1") == true
                    },
                    "\(shims)")
            }
        }
    }

    @Test func theAppsStageMeetsTheValuesItsNewStructCannotDecode() throws {
        let lending = SourceCorpusTests.corpus.appendingPathComponent("LendingApp").path
        let temporary = try TemporaryStore()
        let store = temporary.path("lending.store")
        let made = try CommandRun.strata("new", store, "--sources", lending, "--at", "1.0.0", "--sample", "4")
        #expect(made.status == 0, "\(made.standardError)")
        // The static store is found at 1.0.0 by the compiled plan (one fingerprint, shapes included); the app's
        // didMigrate fetches the loans, whose 1.0 borrowers lack 2.0's required fields.
        let dry = try CompiledSourcesTests.compiled("migrate", store, "--sources", lending, "--dry-run")
        #expect(dry.status == 1)
        #expect(dry.standardOutput.contains("! Loan.borrower: 4 values that do not convert"), "\(dry.standardOutput)")
        #expect(dry.standardError.contains("which is not a valid json Borrower"), "\(dry.standardError)")
    }

    static func rows(_ store: String, _ entity: String = "Item") throws -> [[String: Any]] {
        try CommandRun.strata("rows", store, entity, "--json", "--limit", "100").json()["rows"] as? [[String: Any]]
            ?? []
    }
}
