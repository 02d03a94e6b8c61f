import AppleStoreFixtures
import Foundation
import Testing

/// The real stores are part of the repository: every store the suites name is there, and a missing one is an
/// error naming its path (a failed test), never a skipped suite.
@Suite struct FixtureLocationTests {
    @Test func everyStoreTheSuitesNameIsInTheRepository() throws {
        if ProcessInfo.processInfo.environment["STRATA_APPLE_FIXTURES"] == nil {
            #expect(AppleStoreFixtures.source.path.hasSuffix("Tests/Fixtures/AppleStores"))
        }
        for path in Fixtures.stores {
            let parts = path.split(separator: "/").map(String.init)
            let url = try AppleStoreFixtures.url(parts[0], parts[1])
            #expect(FileManager.default.isReadableFile(atPath: url.path), "\(path)")
        }
        let origins = try String(
            contentsOf: AppleStoreFixtures.source.appendingPathComponent("README.md"), encoding: .utf8)
        for folder in Set(Fixtures.stores.map { String($0.split(separator: "/")[0]) }) {
            #expect(origins.contains("| \(folder) |"), "the README gives the origin of \(folder)")
        }
    }

    @Test func aMissingStoreIsAnErrorNamingItsPath() throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("strata-missing-\(UUID())").path
        do {
            try AppleStoreFixtures.copy("no-such-folder", "default.store", to: target)
            Issue.record("copying a missing fixture succeeded")
        } catch let missing as AppleStoreFixtures.Missing {
            #expect(missing.path.hasSuffix("no-such-folder/default.store"))
            #expect(missing.description.contains("STRATA_APPLE_FIXTURES"))
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
