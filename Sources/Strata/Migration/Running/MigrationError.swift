import Foundation

/// Why a migration was refused or failed; the store is always left at the version it had.
public enum MigrationError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// The plan is inconsistent (duplicates, identical schemas, self-stages, unknown versions, impossible lightweight stages).
    case invalidPlan([String])
    /// The store's schema matches no version of the plan.
    case unknownStoreVersion(store: String, recorded: String, closest: String?, differences: [String])
    /// The store shares no entity (or almost none) with any version of the plan: it was made with another plan.
    case anotherPlansStore(store: String, plan: String, recorded: String, entities: [String], planEntities: [String])
    /// The schema recorded under a version differs from the plan's schema of that version.
    case modifiedSchema(store: String, version: Schema.Version?, differences: [String])
    /// No stage leads from the store's version to the target, and a lightweight migration cannot be inferred.
    case noPath(store: String, from: Schema.Version?, to: Schema.Version?, reasons: [String])
    /// Strict mode (`refusingDataLoss`): a lightweight or inferred stage on the path would remove data.
    case dataLossRefused(store: String, losses: [String])
    /// The container's models are not one of the plan's versions.
    case targetNotInPlan(String)
    /// A stage's closure threw.
    case stageClosureFailed(stage: StageID, closure: String, message: String)
    /// After a stage, stored data violates the new schema.
    case validationFailed(stage: StageID, problems: [String])
    /// The migration was cancelled; the running stage rolled back.
    case cancelled(stage: StageID)
    /// The store has columns its recorded schema does not know, which a migration could drop.
    case unrecordedColumns(store: String, version: Schema.Version?, columns: [String])
    /// `valueBeforeMigration` was called outside `didMigrate`, or for an attribute the old version lacks.
    case notInDidMigrate(String)
    /// A custom stage's code fetched a model type of another version.
    case wrongVersionModel(type: String, phase: String, version: String)
    /// The next stage is a custom stage without its code (``PlannedStage/lacksCode``): `reason` says why it has none.
    /// Running only its structural change would not be what the app does, so nothing of it ran.
    case stageWithoutCode(stage: StageID, reason: String)
    /// The next stage is a step the plan says cannot be taken (``PlannedStage/impossible``, Core Data's 134140):
    /// nothing of it ran.
    case stepImpossible(stage: StageID, reason: String)

    /// The message.
    public var description: String {
        switch self {
        case .invalidPlan(let problems):
            return "The migration plan is invalid; nothing was changed:\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .unknownStoreVersion(let store, let recorded, let closest, let differences):
            var text = "\(store) is at schema \(recorded), which matches no version of the plan; nothing was changed."
            if let closest {
                text +=
                    "\nThe closest version is \(closest); it differs in:\n"
                    + differences.map { "  - \($0)" }.joined(separator: "\n")
            }
            return text + "\nAdd the store's version to the plan's schemas."
        case .anotherPlansStore(let store, let plan, let recorded, let entities, let planEntities):
            let named = plan.isEmpty ? "the plan" : "plan \(plan)"
            return
                "\(store) (at \(recorded)) matches no version of \(named): open it with the plan it was made with. It holds \(entities.joined(separator: ", ")); the plan's versions hold \(planEntities.joined(separator: ", ")). Nothing was changed."
        case .modifiedSchema(let store, let version, let differences):
            return
                "\(version.label) was modified after it shipped: \(store) was written with \(version.label), and the plan's \(version.label) now differs in:\n"
                + differences.map { "  - \($0)" }.joined(separator: "\n")
                + "\nRestore \(version.label) as it shipped and put the changes in a new version; nothing was changed."
        case .noPath(let store, let from, let to, let reasons):
            return "No migration leads \(store) from \(from.label) to \(to.label); nothing was changed:\n"
                + reasons.map { "  - \($0)" }.joined(separator: "\n")
        case .dataLossRefused(let store, let losses):
            return
                "The migration of \(store) would lose data, and data loss was refused (strict mode); nothing was changed:\n"
                + losses.map { "  - \($0)" }.joined(separator: "\n")
                + "\nMove the data in a custom stage first, or run without strict mode to accept the loss (SwiftData drops it)."
        case .targetNotInPlan(let detail):
            return "The container's models are not a version of the migration plan: \(detail)"
        case .stageClosureFailed(let stage, let closure, let message):
            return
                "Stage \(stage): \(closure) threw: \(message). The stage was rolled back; the store is still at its previous version."
        case .validationFailed(let stage, let problems):
            return "Stage \(stage) left data that does not fit the new schema; the stage was rolled back:\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .cancelled(let stage):
            return "Stage \(stage) was cancelled and rolled back; the store is still at its previous version."
        case .unrecordedColumns(let store, let version, let columns):
            return
                "\(store) has columns that its recorded schema \(version.label) does not know: \(columns.joined(separator: ", ")). They were added outside Strata, and a migration that rebuilds their table would drop them; nothing was changed. Copy their data elsewhere and drop them (ALTER TABLE ... DROP COLUMN), then migrate."
        case .notInDidMigrate(let detail):
            return "valueBeforeMigration: \(detail)."
        case .wrongVersionModel(let type, let phase, let version):
            return
                "\(type) is not a model of \(version): \(phase) runs on \(version)'s models (willMigrate sees the old version, didMigrate the new one)."
        case .stageWithoutCode(let stage, let reason):
            return "Custom stage \(stage) not run: \(reason)."
        case .stepImpossible(let stage, let reason):
            return "Stage \(stage) fails: \(reason). Nothing of it ran; the store is still at its previous version."
        }
    }

    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }
}
