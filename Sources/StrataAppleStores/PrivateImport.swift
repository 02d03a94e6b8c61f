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
        let standing = PlanStanding(store: store, versions: plan.schemas)
        guard let equal = standing.equalVersion else {
            throw MigrationError.unknownStoreVersion(
                store: store.url.path,
                recorded:
                    "\(store.modelLabel) (a SwiftData / Core Data store)",
                closest: standing.closestVersion?.version.label,
                differences: standing.closestDifferences.map(\.description))
        }
        try self.init(of: store, at: equal)
    }

    /// Imports `store` at the version of a Core Data model that Core Data's own rule gives it (its entity version
    /// hashes' fields, `StoreVersionMatch`); throws `MigrationError.unknownStoreVersion` with Core Data's 134130, the
    /// closest version by name and the entities that differ, when it is at none.
    public init(of store: AppleStore, model: ModelBundlePlan) throws {
        let match = StoreVersionMatch(
            store: store.model, versionHashes: store.metadata.entityHashes, bundle: model.bundle)
        guard let index = match.equal.first else {
            let names = model.versionNames
            throw MigrationError.unknownStoreVersion(
                store: store.url.path,
                recorded:
                    "its own model, no version of \(model.name) (Core Data stops with 134130 \"Can't find model for source store\")",
                closest: match.closest.map {
                    "\(names[$0.index]) (\(model.schemas[$0.index].version?.description ?? ""))"
                },
                differences: match.closest?.entities.map {
                    "entity \($0): the fields Core Data's version hash covers differ"
                } ?? [])
        }
        try self.init(of: store, at: model.schemas[index])
    }

    /// Imports `store` recording it at `version`.
    private init(of store: AppleStore, at equal: Schema) throws {
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
