import Foundation

/// The folders an app's stage writes side files in (Application Support, Documents, Caches, app-group containers).
/// In a real run they are this machine's own folders; while a stage of a dry run runs (on a private copy), they are
/// folders in the copy's temporary directory, removed with it, so a dry run writes nothing outside that directory.
/// The compiled level of `--sources` routes `URL.applicationSupportDirectory` and its kin here (Linux's Foundation
/// lacks them), and `FileManager`'s `urls(for:in:)`, `url(for:in:appropriateFor:create:)` and `containerURL`.
///
/// The redirection belongs to the running stage, not to the process: it is a task-local value bound for the stage's
/// run (and read on the thread running it), so two dry runs in one process, on two threads, each see their own
/// folder, and a real run beside them sees none; when a stage ends, the value before it is back.
public enum StageDirectories {
    /// The dry run's folder for the stage running on this task or thread, if any.
    @TaskLocal private static var redirected: URL?

    /// The folder for `directory` in the user's domain: the dry run's stand-in while one runs, else this machine's.
    public static func url(for directory: FileManager.SearchPathDirectory) -> URL {
        if let sandbox = current {
            let folder = sandbox.appendingPathComponent(name(of: directory), isDirectory: true)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }
        return FileManager.default.urls(for: directory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(name(of: directory))
    }

    /// `FileManager.urls(for:in:)`, with the user domain's folders redirected during a dry run's stage.
    public static func urls(
        for directory: FileManager.SearchPathDirectory, in domains: FileManager.SearchPathDomainMask
    ) -> [URL] {
        guard current != nil, domains.contains(.userDomainMask) else {
            return FileManager.default.urls(for: directory, in: domains)
        }
        return [url(for: directory)]
    }

    /// `FileManager.url(for:in:appropriateFor:create:)`, with the user domain's folders redirected during a dry
    /// run's stage.
    public static func url(
        for directory: FileManager.SearchPathDirectory, in domain: FileManager.SearchPathDomainMask,
        appropriateFor url: URL?, create: Bool
    ) throws -> URL {
        guard current != nil, domain == .userDomainMask else {
            return try FileManager.default.url(for: directory, in: domain, appropriateFor: url, create: create)
        }
        return self.url(for: directory)
    }

    /// The folder of the app group `identifier` (Apple's shared container): Application Support/`identifier` here.
    public static func container(group identifier: String) -> URL {
        let folder = url(for: .applicationSupportDirectory).appendingPathComponent(identifier, isDirectory: true)
        if current != nil { try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        return folder
    }

    /// The folder the dry run's stand-ins are in, while a dry run's stage runs.
    static var current: URL? { redirected }

    /// Runs `body` with the folders redirected into `sandbox` (nil: not redirected); returns its result and the files
    /// written under `sandbox` meanwhile (paths relative to it, sorted), even when `body` throws (`written` then
    /// receives them before the error is rethrown).
    static func redirecting<T>(to sandbox: URL?, written: ([String]) -> Void, run body: () throws -> T) rethrows -> T {
        guard let sandbox else { return try body() }
        let before = files(in: sandbox)
        defer { written(files(in: sandbox).filter { before[$0.key] != $0.value }.keys.sorted()) }
        return try $redirected.withValue(sandbox) { try body() }
    }

    /// The regular files under `folder` with their modification dates, by path relative to `folder`.
    private static func files(in folder: URL) -> [String: Date] {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey, .contentModificationDateKey])
        else { return [:] }
        var found: [String: Date] = [:]
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
            guard values?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : url.lastPathComponent
            found[relative] = values?.contentModificationDate ?? .distantPast
        }
        return found
    }

    /// The stand-in folder's name for `directory`, as Apple's platforms name the folder.
    private static func name(of directory: FileManager.SearchPathDirectory) -> String {
        switch directory {
        case .applicationSupportDirectory: "Application Support"
        case .documentDirectory: "Documents"
        case .cachesDirectory: "Caches"
        case .libraryDirectory: "Library"
        case .downloadsDirectory: "Downloads"
        default: "Folder \(directory.rawValue)"
        }
    }
}
