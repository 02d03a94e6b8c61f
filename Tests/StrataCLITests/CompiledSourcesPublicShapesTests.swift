import AppleStoreFixtures
import Foundation
import Testing

/// Shapes of public apps the compiled level builds (run with CompiledSourcesTests): a framework's file importing
/// nothing, iCloud's key-value store in a stage, a model extension naming EventKit's types by their prefix, a stored
/// `Kind.RawValue`; and a remote package the app's build never fetched, resolved by SwiftPM from its address.
extension CompiledSourcesTests {
    /// The rows after the first stage of a dry run's JSON report (`--rows`).
    static func rowsAfter(_ report: [String: Any]) throws -> [[String: Any]] {
        let rows = try #require(((report["stages"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])?.first)
        return (rows["samples"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? [String: Any] }
    }

    /// ListenLater's models live in an XcodeGen framework built for iPhone and Mac; its stage moves a setting into
    /// iCloud's key-value store and reads a flag through a `String` extension whose file imports nothing, beside a
    /// model extension whose calendar members name `EKEvent` and a sync protocol whose requirements name `CKRecord`:
    /// the stage runs and sets the rows.
    @Test func aFrameworksStageRunsWithTheKeyValueStoreAndAFileImportingNothing() throws {
        let kit = SourcesCommandTests.tree("ListenLaterApp") + "/ListenLaterKit"
        let temporary = try TemporaryStore()
        let store = temporary.path("ListenLater.store")
        let made = try CommandRun.strata("new", store, "--sources", kit, "--at", "1.0.0", "--sample", "3")
        #expect(made.status == 0, "\(made.standardError)")

        let dry = try Self.compiled("migrate", store, "--sources", kit, "--dry-run", "--rows", "--limit", "3", "--json")
        #expect(dry.status == 0, "\(dry.standardError)")
        let report = try dry.json()
        #expect(report["reached"] as? String == "2.0.0" && report["notRun"] == nil, "\(dry.standardError)")
        let after = try Self.rowsAfter(report)
        #expect(
            after.map { "\($0["title"] ?? "") \($0["syncedSpeed"] ?? "") \($0["remindsOnCalendar"] ?? "")" }.sorted()
                == ["Episode title 1 1.25 1", "Episode title 2 1.25 1", "Episode title 3 1.25 1"], "\(after)")
        let compiled = try #require(report["compiled"] as? [String: Any])
        #expect(
            (compiled["membersDropped"] as? [[String: Any]])?.compactMap { $0["member"] as? String }.sorted() == [
                "CloudSyncable.apply(…)", "CloudSyncable.makeRecord(…)", "ListenLaterSchemaV2.Episode.apply(…)",
                "ListenLaterSchemaV2.Episode.makeRecord(…)", "ListenLaterSchemaV2.Episode.reminder(…)",
                "ListenLaterSchemaV2.Episode.schedule(…)",
            ])
        #expect(
            (compiled["shims"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.contains("keyValueStore")
                == true)
    }

    /// Crag's Tuist manifest makes a framework target for each module of a list (`modules.map { … }`): the Routes
    /// module's folder is read as its target compiles it (its stale draft of version 2 left out), the Grade enum of
    /// the Gear module comes from the app around it (its SwiftUI tint left out), and the stage sets the rows.
    @Test func aTuistModuleMappedFromAListRunsItsStage() throws {
        let routes = SourcesCommandTests.tree("CragApp") + "/Modules/Routes"
        let check = try CommandRun.strata("check", "--sources", routes)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(
            check.standardOutput.contains(
                "Sources: read 3 files of target Routes in Project.swift (Tuist); skipped 1 file not in any target: Drafts/RouteSchemaV2.swift"
            ), "\(check.standardOutput)")
        let temporary = try TemporaryStore()
        let store = temporary.path("Crag.store")
        #expect(try CommandRun.strata("new", store, "--sources", routes, "--at", "1.0.0", "--sample", "2").status == 0)

        let dry = try Self.compiled("migrate", store, "--sources", routes, "--dry-run", "--rows", "--json")
        #expect(dry.status == 0, "\(dry.standardError)")
        let report = try dry.json()
        #expect(report["reached"] as? String == "2.0.0" && report["notRun"] == nil, "\(dry.standardError)")
        #expect(
            try Self.rowsAfter(report).map { "\($0["name"] ?? "") \($0["points"] ?? "")" }.sorted() == [
                "Climb name 1 22", "Climb name 2 22",
            ])
        let compiled = try #require(report["compiled"] as? [String: Any])
        #expect(
            (compiled["membersDropped"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == ["Grade.tint"])
    }

    /// A models package depending on a remote package nobody fetched (a git repository served by a file:// address):
    /// SwiftPM resolves it in the cache, and the stage's call into it runs and sets the rows.
    @Test func aStageCallingARemotePackageNobodyFetchedRunsOnceSwiftPMResolvesIt() throws {
        let temporary = try TemporaryStore()
        // Beside the shared cache, as the other packages the cache's manifest names (see the checkout test).
        let packages = URL(fileURLWithPath: Self.cache).appendingPathComponent("test-packages/resolved")
        try? FileManager.default.removeItem(at: packages)
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        let address = try RemotePackageFixture.repository(under: packages)
        let root = try RemoteFixture.pantry(under: packages, address: address)
        let models = root.appendingPathComponent("Sources/Pantry").path
        let store = temporary.path("Pantry.store")
        #expect(try CommandRun.strata("new", store, "--sources", models, "--at", "1.0.0", "--sample", "3").status == 0)

        let dry = try Self.compiled(
            "migrate", store, "--sources", models, "--dry-run", "--rows", "--limit", "3", "--json")
        #expect(dry.status == 0, "\(dry.standardError)")
        let report = try dry.json()
        #expect(report["reached"] as? String == "2.0.0" && report["notRun"] == nil, "\(dry.standardError)")
        let after = try Self.rowsAfter(report)
        #expect(
            after.map { "\($0["label"] ?? "") \($0["keepsDays"] ?? "")" }.sorted() == [
                "Jar label 1 110", "Jar label 2 110", "Jar label 3 110",
            ], "\(after)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".build").path))

        // Offline, the same app names the package and why it was not fetched (a fresh address and a library no app of
        // the cache builds, as the modules one app's packages build are visible to the others).
        let other = try RemoteFixture.pantry(
            under: packages.appendingPathComponent("offline"), address: address + "-elsewhere", module: "ShelfDates")
        let offline = try CommandRun.strata(
            ["migrate", store, "--sources", other.appendingPathComponent("Sources/Pantry").path, "--dry-run"],
            environment: ["STRATA_STATIC": "", "XDG_CACHE_HOME": Self.cache, "STRATA_OFFLINE": "1"])
        #expect(
            offline.standardError.contains("which strata did not fetch (STRATA_OFFLINE=1 says not to fetch)"),
            "\(offline.standardError)")
        #expect(offline.standardOutput.contains("not run"))
    }
}

/// The models package of the resolution tests, written for the command line's tests (the remote package it depends
/// on is ``RemotePackageFixture``).
enum RemoteFixture {
    /// The Pantry models package under `folder` (two versions, a custom stage calling ShelfLife), depending on the
    /// package at `address` from 0.4.0 for its library `module`.
    static func pantry(under folder: URL, address: String, module: String = "ShelfLife") throws -> URL {
        let root = folder.appendingPathComponent("Pantry")
        try RemotePackageFixture.write(
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Pantry",
                dependencies: [.package(url: "\(address)", from: "0.4.0")],
                targets: [.target(name: "Pantry", dependencies: [.product(name: "\(module)", package: "shelf-life")])]
            )
            """, "Package.swift", under: root)
        try RemotePackageFixture.write(
            """
            import Foundation
            import \(module)
            import SwiftData

            enum PantryV1: VersionedSchema {
                static let versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Jar.self] }
                @Model final class Jar {
                    var label: String
                    init(label: String) { self.label = label }
                }
            }

            enum PantryV2: VersionedSchema {
                static let versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Jar.self] }
                @Model final class Jar {
                    var label: String
                    var keepsDays: Int = 0
                    init(label: String) { self.label = label }
                }
            }

            enum PantryPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [PantryV1.self, PantryV2.self] }
                static var stages: [MigrationStage] { [dateJars] }
                static let dateJars = MigrationStage.custom(
                    fromVersion: PantryV1.self, toVersion: PantryV2.self, willMigrate: nil,
                    didMigrate: { context in
                        for jar in try context.fetch(FetchDescriptor<PantryV2.Jar>()) {
                            jar.keepsDays = ShelfLife.days(of: jar.label)
                        }
                        try context.save()
                    })
            }
            """, "Sources/Pantry/Pantry.swift", under: root)
        return root
    }
}
