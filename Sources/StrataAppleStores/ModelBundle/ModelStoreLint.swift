import Foundation
import Strata

/// The lint of a Core Data model against a store the app wrote (`strata check --model M --store S`): the version the
/// store is at (none is Core Data's 134130), and each condition on the rows of the first step Core Data takes from
/// there that the store's rows fail, at the element of the model the condition comes from; a first step a mapping
/// model covers is not checked, and a warning per entity mapping says so.
public struct ModelStoreLint: Sendable {
    /// The plan, in its mode.
    let plan: ModelBundlePlan
    /// The SwiftData / Core Data store.
    let store: URL

    /// The lint of `store` against `plan`.
    public init(plan: ModelBundlePlan, store: URL) {
        self.plan = plan
        self.store = store
    }

    /// The findings: errors where Core Data would fail on this store. The store is read through a private import
    /// and never written.
    public func findings() throws -> [ModelFinding] {
        let name = store.lastPathComponent
        let apple = try AppleStore(url: store)
        let match = StoreVersionMatch(
            store: apple.model, versionHashes: apple.metadata.entityHashes, bundle: plan.bundle)
        let versions = plan.bundle.versions
        guard let start = match.equal.first else {
            let closest = match.closest.map {
                "; the closest is \(versions[$0.index].name), differing in \($0.entities.joined(separator: ", "))"
            }
            return [
                ModelFinding(
                    file: plan.bundle.url.path, line: 1, isError: true,
                    message:
                        "the store \(name) was written by a model that is no version of \(plan.name): Core Data stops with 134130 \"Can't find model for source store\"\(closest ?? ""); add the version it was written with to the model"
                )
            ]
        }
        guard let first = CoreDataPath(plan: plan, from: start, to: versions.count - 1).steps.first else { return [] }
        if let mapping = first.mapping {
            // Core Data runs the mapping model, not an inferred mapping: nothing of it is checked on the rows.
            return first.mappingNotes.map { note in
                ModelFinding(
                    file: mapping.url.path, line: mapping.line, isError: false,
                    message:
                        "the store \(name) is at \(versions[start].name), and \(first.fromName) -> \(first.toName) runs mapping model \(mapping.name), which Strata does not run: \(note)"
                )
            }
        }
        guard !first.dataDependent.isEmpty else { return [] }
        let imported = try PrivateImport(of: apple, model: plan)
        defer { imported.remove() }
        return try CoreDataRowCheck.checks(of: first, plan: plan, store: imported.url).filter { !$0.passes }.map {
            check in
            ModelFinding(
                file: check.verdict.file?.path ?? plan.bundle.url.path, line: check.verdict.line ?? 1, isError: true,
                message:
                    "the store \(name) is at \(versions[start].name), and \(first.fromName) -> \(first.toName) fails on its rows: \(check)"
            )
        }
    }
}
