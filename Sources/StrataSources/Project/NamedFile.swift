import Foundation

/// A file a project file names (an `.xcconfig` and its `#include`s, an XcodeGen `include:`), or a project file found
/// by name (`project.pbxproj`, `project.yml`, `Project.swift`), read as a stranger may have written its path: only a
/// regular file (not a FIFO, which would block, nor a device such as `/dev/zero`, which never ends), of at most
/// `sizeLimit` bytes, and, for a named file, only inside the folder of the project naming it once symbolic links
/// are resolved (`../../etc/passwd`, an absolute path, or a link out of the folder is not read).
enum NamedFile {
    /// The largest project file read: Xcode projects of thousands of files hold a few MiB.
    static let sizeLimit = 64 << 20

    /// The text of the file at `path` when it is inside `folder` (both resolved), a regular file of at most
    /// `sizeLimit` bytes and UTF-8; else why it was not read.
    static func text(at path: String, inside folder: String) -> Result<String, Refusal> {
        guard !path.isEmpty, !path.utf8.contains(0) else { return .failure(.unreadable) }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard resolved == root || resolved.isInside(root) else { return .failure(.outside(folder: folder)) }
        return text(at: resolved)
    }

    /// The text of a file found by name (a project file, a Swift source); throws naming it when it is not a regular
    /// file of at most `sizeLimit` bytes holding UTF-8 text.
    static func readText(at path: String) throws -> String {
        switch text(at: path) {
        case .success(let text): return text
        case .failure(.unreadable): throw SourceReadingError.unreadable(path)
        case .failure(let refusal): throw SourceReadingError.refusedFile(path, reason: "\(refusal)")
        }
    }

    /// The text of the file at `path` when it is a regular file of at most `sizeLimit` bytes and UTF-8; else why not.
    static func text(at path: String) -> Result<String, Refusal> {
        switch data(at: path) {
        case .success(let data):
            guard let text = String(data: data, encoding: .utf8) else { return .failure(.unreadable) }
            return .success(text)
        case .failure(let refusal): return .failure(refusal)
        }
    }

    /// The bytes of the file at `path` (or the file a symbolic link there leads to) when it is a regular file of at
    /// most `sizeLimit` bytes; else why not.
    static func data(at path: String) -> Result<Data, Refusal> {
        guard !path.isEmpty, !path.utf8.contains(0) else { return .failure(.unreadable) }
        let path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return .failure(.unreadable)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { return .failure(.notAFile) }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= sizeLimit else { return .failure(.tooLarge(size)) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        // At most one byte more than the limit, whatever the file grew to since (nil: nothing left to read).
        let data: Data
        do { data = try handle.read(upToCount: sizeLimit + 1) ?? Data() } catch { return .failure(.unreadable) }
        guard data.count <= sizeLimit else { return .failure(.tooLarge(data.count)) }
        return .success(data)
    }

    /// Why a named file was not read.
    enum Refusal: Error, CustomStringConvertible {
        /// Outside the folder of the project naming it.
        case outside(folder: String)
        /// Not a regular file (a FIFO, a device, a folder).
        case notAFile
        /// Larger than `sizeLimit`.
        case tooLarge(Int)
        /// Missing, unreadable, or not UTF-8.
        case unreadable

        var description: String {
            switch self {
            case .outside(let folder): "it is outside \(folder), and Strata reads no file a project names outside it"
            case .notAFile: "it is not a regular file"
            case .tooLarge(let size): "it holds \(size) bytes, more than the \(NamedFile.sizeLimit >> 20) MiB read"
            case .unreadable: "it cannot be read as UTF-8 text"
            }
        }
    }
}
