import Foundation
import Strata

/// SHA-256 of a store's file, -wal and -shm ("-" for a missing file): equal before and after means untouched.
func storeHashes(_ url: URL) -> [String] {
    ["", "-wal", "-shm"].map { suffix in
        guard let data = FileManager.default.contents(atPath: url.path + suffix) else { return "-" }
        return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
