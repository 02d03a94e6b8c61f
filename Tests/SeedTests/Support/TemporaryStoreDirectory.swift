import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
final class TemporaryStoreDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-seed-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a store file inside the directory.
    func store(_ name: String) -> URL { url.appendingPathComponent("\(name).store") }

    deinit { try? FileManager.default.removeItem(at: url) }
}
