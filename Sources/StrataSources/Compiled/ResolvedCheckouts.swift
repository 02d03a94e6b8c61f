import Foundation

/// The local copies of a package's remote dependencies, which the compiled level builds from: SwiftPM's checkouts in
/// the package's `.build/checkouts/<name>` (left by `swift package resolve` or `swift build` in the package), the local
/// folders its `.swiftpm/configuration/mirrors.json` names as mirrors of them, and the checkouts of the compiled
/// level's own resolution (``RemoteResolution``).
enum ResolvedCheckouts {
    /// The folder holding a copy of the remote package at `url` for the package in `folder` (or in the
    /// `.build/checkouts` of `resolved`, a scratch package resolving it), or nil when there is none (a copy is a
    /// folder with a `Package.swift`).
    static func folder(for url: String, package folder: String, resolved: String? = nil) -> String? {
        var candidates: [String] = []
        if let mirror = mirrors(of: folder)[url] {
            if mirror.hasPrefix("/") {
                candidates.append(mirror)
            } else if mirror.hasPrefix("file://"), let path = URL(string: mirror)?.path {
                candidates.append(path)
            }
        }
        candidates.append(FilePath.join(folder, ".build/checkouts/" + name(of: url)))
        if let resolved { candidates.append(FilePath.join(resolved, ".build/checkouts/" + name(of: url))) }
        return candidates.first { FileManager.default.fileExists(atPath: FilePath.join($0, "Package.swift")) }
    }

    /// The repository name SwiftPM names a checkout after: the address's last component without `.git`.
    static func name(of url: String) -> String {
        var last = String(url.split(separator: "/").last ?? "")
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last
    }

    /// The mirrors the package in `folder` configures, by original address.
    private static func mirrors(of folder: String) -> [String: String] {
        let file = FilePath.join(folder, ".swiftpm/configuration/mirrors.json")
        guard let data = FileManager.default.contents(atPath: file), data.count < 1 << 20,
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = json["object"] as? [[String: Any]]
        else { return [:] }
        var found: [String: String] = [:]
        for entry in entries {
            if let original = entry["original"] as? String, let mirror = entry["mirror"] as? String {
                found[original] = mirror
            }
        }
        return found
    }
}
