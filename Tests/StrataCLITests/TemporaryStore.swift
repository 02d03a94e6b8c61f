import Foundation
import Strata
import StrataExamples

/// A fresh temporary directory holding store files for one test; removed when the value is released.
final class TemporaryStore {
    /// The directory.
    let directory: URL

    /// A new empty directory.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A path inside the directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Creates the named example plan's demo store (at its oldest version) with `rows` rows and returns its path.
    func demoStore(plan: String = "bookshelf", rows: Int = 24, name: String? = nil) throws -> String {
        let path = self.path(name ?? "\(plan).store")
        guard let entry = ExamplePlans.named(plan) else { throw CocoaError(.fileNoSuchFile) }
        try entry.makeStore(URL(fileURLWithPath: path), rows)
        return path
    }

    /// Writes `bytes` to a new file and returns its path.
    func file(_ name: String, bytes: [UInt8]) throws -> String {
        let path = self.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// SHA-256 of the store file and of its -wal and -shm ("absent" for a missing one).
    static func digests(of path: String) -> [String] {
        ["", "-wal", "-shm"].map { suffix in
            guard let data = FileManager.default.contents(atPath: path + suffix) else { return "absent" }
            return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        }
    }
}
