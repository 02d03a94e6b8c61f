import Foundation

/// A small tmpfs mounted for one test: a real filesystem that fills up (ENOSPC) or turns read-only (EROFS).
/// Needs root with mount rights; `available` says whether this machine allows it.
final class Tmpfs {
    let url: URL

    /// True when a tmpfs can be mounted here (tried once).
    static let available: Bool = {
        guard let probe = try? Tmpfs(bytes: 1 << 20) else { return false }
        probe.unmount()
        return true
    }()

    /// Mounts a tmpfs of `bytes` on a new directory.
    init(bytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Self.mount(["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", url.path])
    }

    /// Changes the size (a full disk gets room again).
    func resize(bytes: Int) throws { try Self.mount(["-o", "remount,size=\(bytes)", url.path]) }

    /// Makes the filesystem read-only or writable again.
    func setReadOnly(_ readOnly: Bool) throws { try Self.mount(["-o", "remount,\(readOnly ? "ro" : "rw")", url.path]) }

    /// Unmounts and removes the directory.
    func unmount() {
        _ = try? ChildProcess.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    deinit { unmount() }

    private static func mount(_ arguments: [String]) throws {
        let run = try ChildProcess.run("/bin/mount", arguments)
        guard run.status == 0 else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mount \(arguments): \(run.error)"])
        }
    }
}
