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

    /// What kind of store the file at `url` is, read from a private copy (the originals are never opened); a file
    /// that is neither a Strata store nor a SwiftData / Core Data store is a store problem (exit 3).
    static func format(of url: URL) throws -> StoreFormat {
        do {
            return try StoreFormat.detect(at: url)
        } catch AppleStoreError.unrecognizedFormat(let path, let reason) {
            throw CommandFailure(
                status: .storeProblem,
                message:
                    "\(path) is not a Strata store, nor a SwiftData or Core Data store: \(reason)"
            )
        }
    }
}
