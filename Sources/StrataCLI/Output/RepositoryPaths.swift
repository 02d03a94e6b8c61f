import Foundation
import StrataSources

/// Paths as a repository names them, for annotations and Markdown: relative to the repository's root, given with
/// `--repository-root` or found as the nearest folder holding `.git` above the file.
struct RepositoryPaths {
    /// The root given on the command line, absolute and standardized.
    let root: String?

    /// Paths relative to `root` when given (relative to the current directory when not absolute), else to each file's
    /// own repository.
    init(root: String?) {
        self.root = root.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// `path` (absolute or relative to the current directory) relative to its repository's root; as given when it is
    /// in no repository.
    func relative(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let base = root ?? Self.repository(containing: absolute), absolute.isInside(base) else { return path }
        return FilePath.relative(absolute, to: base)
    }

    /// The nearest folder above `path` that holds `.git` (a folder, or a file in a worktree or submodule).
    static func repository(containing path: String) -> String? {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return folder.path }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
