import Foundation
import Strata

/// A fresh directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init(in parent: URL = FileManager.default.temporaryDirectory) {
        url = parent.appendingPathComponent("strata-safety-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A store path inside the directory.
    func store(_ name: String = "test") -> URL { url.appendingPathComponent("\(name).store") }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The three files of a store: hashing, copying and removing them together.
enum StoreFiles {
    static let suffixes = ["", "-wal", "-shm"]

    /// SHA-256 of the file, -wal and -shm ("-" for a missing file): equal before and after means untouched.
    static func hashes(_ url: URL) -> [String] {
        suffixes.map { suffix in
            guard let data = FileManager.default.contents(atPath: url.path + suffix) else { return "-" }
            return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        }
    }

    /// Copies the store's existing files to `destination` (replacing what is there).
    static func copy(_ source: URL, to destination: URL) throws {
        for suffix in suffixes {
            try? FileManager.default.removeItem(atPath: destination.path + suffix)
            if FileManager.default.fileExists(atPath: source.path + suffix) {
                try FileManager.default.copyItem(atPath: source.path + suffix, toPath: destination.path + suffix)
            }
        }
    }
}
