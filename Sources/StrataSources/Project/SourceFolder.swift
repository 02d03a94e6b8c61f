import Foundation

/// The Swift files under an app's source folder, found recursively and parsed (never written); build folders, hidden
/// folders and package checkouts are skipped. `CompiledFiles` chooses which of them the app compiles.
enum SourceFolder {
    /// Folder names never read: build products and dependencies, not the app's code.
    static let skipped: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", ".swiftpm"]

    /// The paths of the `.swift` files under `folder`, in path order; throws when the folder cannot be read.
    static func swiftFiles(in folder: URL) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw SourceReadingError.notAFolder(folder.path)
        }
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { throw SourceReadingError.notAFolder(folder.path) }
        var paths: [String] = []
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) {
                walker.skipDescendants()
            } else if url.pathExtension == "swift" {
                paths.append(url.path)
            }
        }
        return paths.sorted()
    }

    /// The parsed `.swift` files under `folder`, in path order (every file: no project decides here).
    static func read(_ folder: URL) throws -> [SourceFile] {
        try parse(swiftFiles(in: folder))
    }

    /// The files at `paths`, parsed; throws when one is not a regular file of at most 64 MiB of UTF-8 text
    /// (``NamedFile``), or nests too deep.
    static func parse(_ paths: [String]) throws -> [SourceFile] {
        try paths.map { path in
            let text = try NamedFile.readText(at: path)
            let file = SourceFile(path: path, text: text)
            if let line = file.tooDeepAtLine { throw SourceReadingError.tooDeep(path, line: line) }
            return file
        }
    }
}
