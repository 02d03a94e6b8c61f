import Foundation
import Strata

/// Errors from a migrator on a private copy name the copy's temporary path; these helpers put the user's path back.
enum PrivateCopyErrors {
    /// `error` with every store path in it replaced by `original`.
    static func naming(_ original: URL, in error: any Error) -> any Error {
        let path = original.path
        switch error {
        case MigrationError.unknownStoreVersion(_, let recorded, let closest, let differences):
            return MigrationError.unknownStoreVersion(
                store: path, recorded: recorded, closest: closest, differences: differences)
        case MigrationError.modifiedSchema(_, let version, let differences):
            return MigrationError.modifiedSchema(store: path, version: version, differences: differences)
        case MigrationError.dataLossRefused(_, let losses):
            return MigrationError.dataLossRefused(store: path, losses: losses)
        case MigrationError.noPath(_, let from, let to, let reasons):
            return MigrationError.noPath(store: path, from: from, to: to, reasons: reasons)
        case StrataError.notAStore(_, let reason, let code):
            return StrataError.notAStore(path: path, reason: reason, code: code)
        case StrataError.database(_, let operation, let code, let message):
            return StrataError.database(store: path, operation: operation, code: code, message: message)
        default:
            return error
        }
    }

    /// A migrator on a private copy of `url`, whose errors name `original` (`url` by default).
    static func migrator(
        onCopyOf url: URL, named original: URL? = nil, target: PlanTarget, refusingDataLoss: Bool = false
    ) throws -> Migrator {
        do {
            return try Migrator.onPrivateCopy(
                of: url, validated: target.plan, to: target.version, refusingDataLoss: refusingDataLoss)
        } catch {
            throw naming(original ?? url, in: error)
        }
    }
}
