import Foundation

/// Every entry under a folder, by path relative to it: a regular file's bytes, or the kind of any other entry (a
/// folder, a link, a FIFO, which is never opened). The hostile-input runs compare one taken before a read with one
/// taken after, so a file changed, added or removed shows (docs/SAFETY.md, "Hostile input").
public enum FolderSnapshot {
    /// The snapshot of `folder`.
    public static func of(_ folder: String) throws -> [String: Data] {
        var entries: [String: Data] = [:]
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        for path in paths {
            let full = folder + "/" + path
            let kind = try FileManager.default.attributesOfItem(atPath: full)[.type] as? FileAttributeType
            guard kind == .typeRegular, let data = FileManager.default.contents(atPath: full) else {
                entries[path] = Data("\(kind?.rawValue ?? "unknown")".utf8)
                continue
            }
            entries[path] = data
        }
        return entries
    }
}
