extension MigrationError {
    /// Which failure a ``MigrationError`` is: a stable identity for code and scripts (the JSON's `failureKind`),
    /// where the description is for people and may be reworded.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// ``MigrationError/invalidPlan(_:)``.
        case invalidPlan = "invalid-plan"
        /// ``MigrationError/unknownStoreVersion(store:recorded:closest:differences:)``.
        case unknownStoreVersion = "unknown-store-version"
        /// ``MigrationError/anotherPlansStore(store:plan:recorded:entities:planEntities:)``.
        case anotherPlansStore = "another-plans-store"
        /// ``MigrationError/modifiedSchema(store:version:differences:)``.
        case modifiedSchema = "modified-schema"
        /// ``MigrationError/noPath(store:from:to:reasons:)``.
        case noPath = "no-path"
        /// ``MigrationError/dataLossRefused(store:losses:)``.
        case dataLossRefused = "data-loss-refused"
        /// ``MigrationError/targetNotInPlan(_:)``.
        case targetNotInPlan = "target-not-in-plan"
        /// ``MigrationError/stageClosureFailed(stage:closure:message:)``.
        case stageClosureFailed = "stage-closure-failed"
        /// ``MigrationError/validationFailed(stage:problems:)``.
        case validationFailed = "validation-failed"
        /// ``MigrationError/cancelled(stage:)``.
        case cancelled = "cancelled"
        /// ``MigrationError/unrecordedColumns(store:version:columns:)``.
        case unrecordedColumns = "unrecorded-columns"
        /// ``MigrationError/notInDidMigrate(_:)``.
        case notInDidMigrate = "not-in-did-migrate"
        /// ``MigrationError/wrongVersionModel(type:phase:version:)``.
        case wrongVersionModel = "wrong-version-model"
        /// ``MigrationError/stageWithoutCode(stage:reason:)``.
        case stageWithoutCode = "stage-without-code"
        /// ``MigrationError/stepImpossible(stage:reason:)``.
        case stepImpossible = "step-impossible"
    }

    /// Which failure this is.
    public var kind: Kind {
        switch self {
        case .invalidPlan: .invalidPlan
        case .unknownStoreVersion: .unknownStoreVersion
        case .anotherPlansStore: .anotherPlansStore
        case .modifiedSchema: .modifiedSchema
        case .noPath: .noPath
        case .dataLossRefused: .dataLossRefused
        case .targetNotInPlan: .targetNotInPlan
        case .stageClosureFailed: .stageClosureFailed
        case .validationFailed: .validationFailed
        case .cancelled: .cancelled
        case .unrecordedColumns: .unrecordedColumns
        case .notInDidMigrate: .notInDidMigrate
        case .wrongVersionModel: .wrongVersionModel
        case .stageWithoutCode: .stageWithoutCode
        case .stepImpossible: .stepImpossible
        }
    }
}
