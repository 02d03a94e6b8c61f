import Foundation

/// The app's other files, where the compiled level looks for declarations the source folder uses but does not hold
/// (an attribute's enum in a sibling folder, a helper a stage calls): the enclosing app, and any folders named with
/// a repeated `--sources`. Only the declarations the plans need are taken from them.
package struct HelperSources: Sendable {
    /// The folders searched: the named ones, then the enclosing app's.
    package let roots: [URL]
    /// Their Swift files that are not in the source folder, in root and path order.
    let files: [SourceFile]

    /// The helpers of the source folder `folder`: the Swift files under `extra` (folders the user named; throws when
    /// one cannot be read) and under the enclosing app of `folder` (see ``enclosingApp(of:)``; not searched when a
    /// file there cannot be read), leaving out those in `folder`.
    package init(folder: URL, extra: [URL] = []) throws {
        let own = Self.prefix(folder)
        var roots: [URL] = []
        var files: [SourceFile] = []
        var seen: Set<String> = []
        func add(_ found: [SourceFile], root: URL) {
            let fresh = found.filter { !$0.path.hasPrefix(own) && !seen.contains($0.path) }
            guard !fresh.isEmpty else { return }
            roots.append(root)
            files += fresh
            seen.formUnion(fresh.map(\.path))
        }
        for root in extra.map({ $0.standardizedFileURL.resolvingSymlinksInPath() }) {
            add(try SourceFolder.read(root), root: root)
        }
        if let app = Self.enclosingApp(of: folder) { add((try? SourceFolder.read(app)) ?? [], root: app) }
        self.roots = roots
        self.files = files
    }

    /// The folder of the app enclosing `folder`: going up from it to the first folder holding a `Package.swift`, an
    /// `.xcodeproj` or the Tuist or XcodeGen manifest generating one, the package's target folder holding `folder` (`Sources/NAME`), or the project's folder. Nil when
    /// there is none, or when `folder` is not in a package's `Sources/` (a test target, or the package itself).
    package static func enclosingApp(of folder: URL) -> URL? {
        let start = folder.standardizedFileURL.resolvingSymlinksInPath()
        let manager = FileManager.default
        var candidate = start
        while candidate.path != "/" {
            let entries = (try? manager.contentsOfDirectory(atPath: candidate.path)) ?? []
            let generated =
                entries.contains(TuistManifest.fileName) || XcodeGenSpec.fileNames.contains(where: entries.contains)
            if entries.contains("Package.swift") && !generated {
                let sources = candidate.appendingPathComponent("Sources")
                let inside = start.path.dropFirst(prefix(sources).count).split(separator: "/").first
                guard start.path.hasPrefix(prefix(sources)), let target = inside else { return nil }
                let root = sources.appendingPathComponent(String(target))
                return root.path == start.path ? nil : root
            }
            if generated || entries.contains(where: { $0.hasSuffix(".xcodeproj") }) {
                return candidate.path == start.path ? nil : candidate
            }
            candidate.deleteLastPathComponent()
        }
        return nil
    }

    /// The path of `folder` with a trailing `/`, to test which files are in it.
    private static func prefix(_ folder: URL) -> String {
        let path = folder.standardizedFileURL.resolvingSymlinksInPath().path
        return path.hasSuffix("/") ? path : path + "/"
    }
}
