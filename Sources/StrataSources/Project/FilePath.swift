import Foundation

/// Paths as the project readers compare them: absolute and standardized (`..` and `.` resolved).
package enum FilePath {
    /// `path` taken relative to `base` (or as it is when absolute), standardized.
    static func join(_ base: String, _ path: String) -> String {
        let url =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }

    /// `path` relative to `folder` when it is inside it, else `path` as it is.
    package static func relative(_ path: String, to folder: String) -> String {
        path.isInside(folder) ? String(path.dropFirst(folder.count + (folder.hasSuffix("/") ? 0 : 1))) : path
    }
}

extension String {
    /// True when this path is strictly inside the folder `folder`.
    package func isInside(_ folder: String) -> Bool {
        hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
