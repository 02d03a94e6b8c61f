import Foundation

/// Where the real SwiftData and Core Data stores the tests read live, and how a test copies one: the
/// originals are only ever read.
public enum AppleStoreFixtures {
    /// $STRATA_APPLE_FIXTURES, else ../shared/fixtures/apple-stores beside the checkout when the repository sits
    /// in the workspace, else the workspace's own copy.
    public static var source: URL {
        if let path = ProcessInfo.processInfo.environment["STRATA_APPLE_FIXTURES"] { return URL(fileURLWithPath: path) }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let beside = repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/apple-stores")
        return FileManager.default.fileExists(atPath: beside.path)
            ? beside : URL(fileURLWithPath: "/work/shared/fixtures/apple-stores")
    }

    /// True when the fixtures are here; suites that read them are skipped otherwise, with the reason shown
    /// (`.enabled(if: AppleStoreFixtures.available, "needs the real Apple stores: set STRATA_APPLE_FIXTURES")`).
    public static var available: Bool {
        FileManager.default.fileExists(atPath: source.appendingPathComponent("README.md").path)
    }

    /// Copies `folder/file` with its -wal and -shm (where present) to `target`, byte for byte; throws when the
    /// store itself is missing, so a test never runs on nothing.
    public static func copy(_ folder: String, _ file: String, to target: String) throws {
        let original = source.appendingPathComponent(folder).appendingPathComponent(file).path
        guard FileManager.default.fileExists(atPath: original) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: original])
        }
        for suffix in ["", "-wal", "-shm"] {
            guard let data = FileManager.default.contents(atPath: original + suffix) else { continue }
            try data.write(to: URL(fileURLWithPath: target + suffix))
        }
    }
}
