import Foundation
import Strata
import StrataAppleStores

/// The store `plan`, `migrate --dry-run` and `open` work on: a Strata store as it is, or a SwiftData / Core Data
/// store (from a device) imported privately into a temporary Strata store at the plan version its model equals.
/// The original is only ever read.
struct DeviceStore {
    /// The store named on the command line.
    let original: URL
    /// The private import, for a SwiftData or Core Data store.
    let imported: PrivateImport?

    /// The Strata store to plan and dry-run on.
    var url: URL { imported?.url ?? original }

    /// The store at `original`, imported privately when it is an Apple store; exits 1 naming the closest version
    /// and what differs when its model equals no version of `plan`. Any other file is left to the migrator, whose
    /// errors say what is wrong with it.
    init(_ original: URL, plan: ValidatedPlan) throws {
        self.original = original
        let isApple = (try? StoreFormat.detect(at: original)) == .apple
        imported = isApple ? try PrivateImport(of: original, plan: plan) : nil
    }

    /// Deletes the private import, if one was made.
    func remove() { imported?.remove() }
}
