import Foundation
import Strata
import StrataAppleStores

/// Turns a store path from the command line into a URL, refusing missing files and directories up front.
enum StoreArgument {
    /// The store's URL; a store problem (exit 3) when nothing readable is there.
    static func url(_ path: String) throws -> URL {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw StrataError.missingStore(url.path)
        }
        guard !isDirectory.boolValue else {
            throw StrataError.notAStore(path: url.path, reason: "it is a directory")
        }
        return url
    }

    /// The store at `url`, opened once (an Apple store through its one private copy; the originals are never
    /// written); a file that is neither a Strata store nor a SwiftData / Core Data store is a store problem (exit 3).
    /// With `unreadableAsStrata`, a file SQLite cannot read is opened as a Strata store for the migrator to refuse.
    static func open(_ url: URL, unreadableAsStrata: Bool = false) throws -> OpenedStore {
        do {
            return try OpenedStore.open(url, unreadableAsStrata: unreadableAsStrata)
        } catch AppleStoreError.unrecognizedFormat(let path, let reason) {
            throw CommandFailure(
                status: .storeProblem,
                message:
                    "\(path) is not a Strata store, nor a SwiftData or Core Data store: \(reason)"
            )
        }
    }

    /// The store `plan` and `migrate --dry-run` work on, opened once (`OpenedStore.imported(at:)` then imports a
    /// SwiftData or Core Data store from the copy made here); a file that is neither kind of store is refused as
    /// ``open(_:unreadableAsStrata:)`` refuses it, and one SQLite cannot read (locked, damaged) is left to the migrator, whose errors
    /// say what SQLite found.
    static func openForPlanning(_ url: URL) throws -> OpenedStore {
        try open(url, unreadableAsStrata: true)
    }

    /// The Strata store a real `migrate` writes, refused as ``openForPlanning(_:)`` refuses it; a SwiftData or Core
    /// Data store is refused (exit 3, nothing written) saying how to dry-run it or import it into a Strata store.
    static func strataStoreToWrite(_ url: URL) throws -> URL {
        guard case .apple = try openForPlanning(url) else { return url }
        throw CommandFailure(
            status: .storeProblem,
            message:
                "\(url.path) is a SwiftData or Core Data store, which migrate does not write; dry-run it with --dry-run, or copy it into a Strata store with `strata import \(ShellWords.quoted(url.path)) NEW.store` and migrate that"
        )
    }
}
