import Foundation
import Strata

/// A SwiftData or Core Data store imported into a temporary Strata store at the plan version its model equals, so
/// that a plan's stages can be planned and dry-run on the device's real rows. The original is only read (through
/// a private copy); `remove()` deletes the temporary store.
public struct PrivateImport: Sendable {
    /// The Apple store imported.
    public let source: URL
    /// The temporary Strata store.
    public let url: URL
    /// The plan version the store was recorded at.
    public let version: Schema

    /// Imports `store` (read from the private copy it was opened with) at the version of `plan` its model equals;
    /// throws `MigrationError.unknownStoreVersion` naming the closest version and the differences when it equals none.
    public init(of store: AppleStore, plan: ValidatedPlan) throws {
        let match = ApplePlanMatch(store: store, versions: plan.schemas)
        guard let equal = match.equal else {
            throw MigrationError.unknownStoreVersion(
                store: store.url.path,
                recorded:
                    "model \(store.defaultVersion?.description ?? "(unversioned)") (a SwiftData / Core Data store)",
                closest: match.closest?.version?.description,
                differences: match.differences.map(\.description))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(store.url.lastPathComponent)
        do {
            try AppleStoreImport.run(from: store, to: url, recordingAs: equal)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        source = store.url
        self.url = url
        version = equal
    }

    /// Deletes the temporary store and its folder.
    public func remove() {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}
