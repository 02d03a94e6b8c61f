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
            throw StrataError.notAStore(path: url.path, reason: "the file does not exist")
        }
        guard !isDirectory.boolValue else {
            throw StrataError.notAStore(path: url.path, reason: "it is a directory")
        }
        return url
    }

    /// The store at `url`, opened once (an Apple store through its one private copy; the originals are never
    /// written); a file that is neither a Strata store nor a SwiftData / Core Data store is a store problem (exit 3).
    static func open(_ url: URL) throws -> OpenedStore {
        do {
            return try OpenedStore.open(url)
        } catch AppleStoreError.unrecognizedFormat(let path, let reason) {
            throw CommandFailure(
                status: .storeProblem,
                message:
                    "\(path) is not a Strata store, nor a SwiftData or Core Data store: \(reason)"
            )
        }
    }

    /// The store `plan`, `migrate --dry-run` and `open` work on, opened once (`OpenedStore.imported(at:)` then
    /// imports a SwiftData or Core Data store from the copy made here); a file that is neither kind of store is left
    /// to the migrator, whose errors say what is wrong with it.
    static func openForPlanning(_ url: URL) throws -> OpenedStore {
        try OpenedStore.open(url, undetectedAsStrata: true)
    }
}
