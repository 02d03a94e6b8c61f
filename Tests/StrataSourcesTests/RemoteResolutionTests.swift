import AppleStoreFixtures
import Foundation
import Testing

@testable import StrataSources

/// A models package depending on a remote package that its own build never fetched: SwiftPM resolves it for the
/// compiled level in a scratch package of the cache (real git, a repository served by a file:// address), never in
/// the app's folder, and not at all when offline, on another repository's pull request, or when resolution fails.
@Suite struct RemoteResolutionTests {
    @Test func aRemoteDependencyNoBuildFetchedIsResolvedInTheCacheBySwiftPM() throws {
        let folder = try TemporaryFolder()
        let address = try RemotePackageFixture.repository(under: folder.url)
        let pantry = try LocalPackageTests.pantry(address: address)
        let root = pantry.url
        let cache = folder.url.appendingPathComponent("cache")
        let app = CompiledApp(
            sources: try AppSources(folder: root.appendingPathComponent("Sources/Pantry")),
            resolution: .fetching(into: cache, timeout: 300))
        #expect(app.dependencies.remote.isEmpty, "\(app.dependencies.remote)")
        let local = try #require(app.dependencies.local.first)
        #expect(local.identity == "shelf-life" && local.products == ["ShelfLife"])
        let resolved = cache.appendingPathComponent("resolved").resolvingSymlinksInPath().path
        #expect(local.folder.hasPrefix(resolved + "/") && local.folder.hasSuffix("/.build/checkouts/shelf-life"))
        let checkedOut = try String(
            contentsOfFile: local.folder + "/Sources/ShelfLife/ShelfLife.swift", encoding: .utf8)
        #expect(checkedOut.contains("label.count * 10"))
        // The app's own folder is left as it was: SwiftPM worked in the cache.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".build").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.resolved").path))
    }

    @Test func aRemoteDependencyThatCannotBeResolvedIsNamedWithTheCause() throws {
        let folder = try TemporaryFolder()
        let address = "file://" + folder.url.appendingPathComponent("gone/shelf-life.git").standardizedFileURL.path
        let pantry = try LocalPackageTests.pantry(address: address)
        let root = pantry.url
        let app = CompiledApp(
            sources: try AppSources(folder: root.appendingPathComponent("Sources/Pantry")),
            resolution: .fetching(into: folder.url.appendingPathComponent("cache"), timeout: 300))
        #expect(app.dependencies.local.isEmpty)
        let remote = try #require(app.dependencies.remote.first)
        #expect(remote.module == "ShelfLife" && remote.urls == [address])
        let cause = try #require(remote.unfetched)
        #expect(cause.hasPrefix("swift package resolve failed (status 1): error:"), "\(cause)")
        let copies = URL(fileURLWithPath: "/cache/apps/Sources").appendingPathComponent(app.target)
        let log = "\(copies.path)/Pantry.swift:1:8: error: no such module 'ShelfLife'\n"
        let problem = try #require(BuildProblem.parse(log, app: app, folder: copies).first)
        #expect(problem.message.contains("depends on \(address), which strata did not fetch (\(cause)), with no copy"))
        // Found among another app's packages of the shared cache, the module compiles but does not link: the
        // linker's line names the same cause.
        let unlinked =
            "\(copies.path)/Pantry.swift:17: error: undefined reference to '$s9ShelfLifeAAO4days2ofSiSS_tFZ'\n"
        let linking = try #require(BuildProblem.parse(unlinked, app: app, folder: copies).first)
        #expect(linking.location.line == 17 && linking.location.column == 1)
        #expect(
            linking.message.hasPrefix("undefined reference to '$s9ShelfLifeAAO4days2ofSiSS_tFZ' (ShelfLife is not in")
                && linking.message.contains("which strata did not fetch (\(cause))"), "\(linking.message)")
    }

    @Test func nothingIsFetchedOfflineOrForAnotherRepositorysPullRequest() throws {
        let offline = RemoteResolution.from(
            environment: ["STRATA_OFFLINE": "1", "HOME": "/home/someone"], untrusted: nil)
        #expect(offline.folder == nil && offline.withheld == "STRATA_OFFLINE=1 says not to fetch")
        let untrusted = RemoteResolution.from(
            environment: ["HOME": "/home/someone"],
            untrusted: "this job checks pull request #4 from fork/app into team/app")
        #expect(
            untrusted.folder == nil
                && untrusted.withheld
                    == "not fetched for sources from another repository: this job checks pull request #4 from fork/app into team/app"
        )
        let online = RemoteResolution.from(
            environment: ["STRATA_OFFLINE": "0", "XDG_CACHE_HOME": "/var/cache/me", "STRATA_RESOLVE_TIMEOUT": "30"],
            untrusted: nil)
        #expect(online.folder?.path == "/var/cache/me/strata/resolved" && online.timeout == 30)

        // Offline, the dependency is named with why it was not fetched, and nothing is written.
        let pantry = try LocalPackageTests.pantry()
        let root = pantry.url
        let app = CompiledApp(
            sources: try AppSources(folder: root.appendingPathComponent("Sources/Pantry")), resolution: offline)
        #expect(app.dependencies.remote.map(\.unfetched) == ["STRATA_OFFLINE=1 says not to fetch"])
    }
}
