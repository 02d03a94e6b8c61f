import AppleStoreFixtures
import Foundation
import Testing

/// The compiled level builds a remote package from the copy the app's own build fetched (run with
/// CompiledSourcesTests).
extension CompiledSourcesTests {
    /// Writes `text` at `path` under `root`, making the folders.
    private static func write(_ text: String, _ path: String, under root: URL) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// A models package depending on a remote package (never fetched here) whose checkout `swift package resolve`
    /// left in the package's `.build/checkouts`: the stage's call into it runs and sets the rows.
    @Test func aStageCallingARemotePackageRunsFromItsCheckout() throws {
        let temporary = try TemporaryStore()
        // The package lives beside the shared cache, not in a temporary folder: the cache's manifest names it while
        // the other compiled suites build in parallel, and a folder removed under a running build fails that build
        // (its files are written over on each run, never removed).
        let root = try RemoteFixture.pantry(
            under: URL(fileURLWithPath: Self.cache).appendingPathComponent("test-packages"),
            address: "https://github.com/example/shelf-life.git")
        try Self.write(RemotePackageFixture.shelfLifeManifest, ".build/checkouts/shelf-life/Package.swift", under: root)
        try Self.write(
            """
            /// How long a preserve keeps, by what it is.
            public enum ShelfLife {
                public static func days(of label: String) -> Int { label.hasSuffix("1") ? 365 : 30 * label.count }
            }
            """, ".build/checkouts/shelf-life/Sources/ShelfLife/ShelfLife.swift", under: root)
        let models = root.appendingPathComponent("Sources/Pantry").path
        let store = temporary.path("Pantry.store")
        #expect(try CommandRun.strata("new", store, "--sources", models, "--at", "1.0.0", "--sample", "3").status == 0)

        let dry = try Self.compiled(
            "migrate", store, "--sources", models, "--dry-run", "--rows", "--limit", "3", "--json")
        #expect(dry.status == 0, "\(dry.standardError)")
        let report = try dry.json()
        #expect(report["reached"] as? String == "2.0.0" && report["notRun"] == nil, "\(dry.standardError)")
        let rows = try #require(((report["stages"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])?.first)
        let after = (rows["samples"] as? [[String: Any]] ?? []).compactMap { $0["after"] as? [String: Any] }
        #expect(
            after.map { "\($0["label"] ?? "") \($0["keepsDays"] ?? "")" }.sorted() == [
                "Jar label 1 365", "Jar label 2 330", "Jar label 3 330",
            ], "\(after)")
    }
}
