import Foundation
import Strata

/// A fresh directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A store file path inside the directory.
    func store(_ name: String = "test") -> URL { url.appendingPathComponent("\(name).store") }

    deinit { try? FileManager.default.removeItem(at: url) }
}
