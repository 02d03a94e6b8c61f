import Foundation
import Strata

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
}
