import Foundation

/// The Swift files under an app's source folder, read recursively (never written); build folders, hidden folders
/// and package checkouts are skipped.
enum SourceFolder {
    /// Folder names never read: build products and dependencies, not the app's code.
    static let skipped: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", ".swiftpm"]

    /// The parsed `.swift` files under `folder`, in path order; throws when the folder cannot be read.
    static func read(_ folder: URL) throws -> [SourceFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw SourceReadingError.notAFolder(folder.path)
        }
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { throw SourceReadingError.notAFolder(folder.path) }
        var paths: [URL] = []
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) {
                walker.skipDescendants()
            } else if url.pathExtension == "swift" {
                paths.append(url)
            }
        }
        return try paths.sorted { $0.path < $1.path }.map { url in
            guard let data = FileManager.default.contents(atPath: url.path),
                let text = String(data: data, encoding: .utf8)
            else {
                throw SourceReadingError.unreadable(url.path)
            }
            return SourceFile(path: url.path, text: text)
        }
    }
}
