import Foundation

/// A folder under the temporary directory, removed when the value goes away.
final class TemporaryFolder {
    /// The folder.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to the file `name` in the folder.
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    /// Writes `files` (path under the folder: text), making their folders.
    func write(_ files: [String: String]) throws {
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    /// Appends `text` to the file `name` in the folder.
    func append(_ name: String, _ text: String) throws {
        let file = url.appendingPathComponent(name)
        try Data((try String(contentsOf: file, encoding: .utf8) + text).utf8).write(to: file)
    }

    /// Copies the contents of `folder` into this one.
    func copy(_ folder: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent(name), to: url.appendingPathComponent(name))
        }
    }
}
