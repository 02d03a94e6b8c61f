import Foundation

/// Where the real SwiftData and Core Data stores the tests read live, and how a test copies one: the
/// originals are only ever read.
public enum AppleStoreFixtures {
    /// The stores inside the repository (Tests/Fixtures/AppleStores, with a README of where each came from), or the
    /// folder $STRATA_APPLE_FIXTURES names: a larger local set holding the same folders and more.
    public static var source: URL {
        if let path = ProcessInfo.processInfo.environment["STRATA_APPLE_FIXTURES"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/AppleStores")
    }

    /// Copies `folder/file` with its -wal and -shm (where present) to `target`, byte for byte; throws when the
    /// store itself is missing, so a test fails rather than run on nothing.
    public static func copy(_ folder: String, _ file: String, to target: String) throws {
        let original = try url(folder, file).path
        for suffix in ["", "-wal", "-shm"] {
            guard let data = FileManager.default.contents(atPath: original + suffix) else { continue }
            try data.write(to: URL(fileURLWithPath: target + suffix))
        }
    }

    /// The original `folder/file`; throws naming the path and where fixtures are looked for when it is missing.
    public static func url(_ folder: String, _ file: String) throws -> URL {
        let original = source.appendingPathComponent(folder).appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: original.path) else {
            throw Missing(path: original.path)
        }
        return original
    }

    /// A fixture the tests need is not where fixtures are looked for.
    public struct Missing: Error, CustomStringConvertible {
        /// The path looked at.
        public let path: String

        /// What is missing and where fixtures come from.
        public var description: String {
            "the Apple store fixture \(path) is missing: the tests read Tests/Fixtures/AppleStores of the repository, or the folder STRATA_APPLE_FIXTURES names"
        }
    }
}
