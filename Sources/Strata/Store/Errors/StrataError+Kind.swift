extension StrataError {
    /// Which failure a ``StrataError`` is: a stable identity for code and scripts (the JSON's `failureKind`), where
    /// the description is for people and may be reworded.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// ``StrataError/invalidSchema(_:)``.
        case invalidSchema = "invalid-schema"
        /// ``StrataError/notAStore(path:reason:code:)``.
        case notAStore = "not-a-store"
        /// ``StrataError/database(store:operation:code:message:)`` (``StrataError/code`` says which).
        case database = "database"
        /// ``StrataError/corruptMetadata(_:)``.
        case corruptMetadata = "corrupt-metadata"
        /// ``StrataError/schemaMismatch(store:storeVersion:detail:)``.
        case schemaMismatch = "schema-mismatch"
        /// ``StrataError/undecodableValue(entity:attribute:type:stored:)``.
        case undecodableValue = "undecodable-value"
        /// ``StrataError/nullInRequiredAttribute(entity:attribute:)``.
        case nullInRequiredAttribute = "null-in-required-attribute"
        /// ``StrataError/valueMismatch(expected:got:)``.
        case valueMismatch = "value-mismatch"
        /// ``StrataError/deleteDenied(entity:key:relationship:count:)``.
        case deleteDenied = "delete-denied"
        /// ``StrataError/relationshipCount(entity:key:relationship:count:minimum:maximum:)``.
        case relationshipCount = "relationship-count"
        /// ``StrataError/unknownModelType(_:)``.
        case unknownModelType = "unknown-model-type"
        /// ``StrataError/unknownEntity(store:entity:entities:)``.
        case unknownEntity = "unknown-entity"
        /// ``StrataError/readOnly(store:)``.
        case readOnly = "read-only"
        /// ``StrataError/unsupportedConfiguration(_:)``.
        case unsupportedConfiguration = "unsupported-configuration"
    }

    /// Which failure this is.
    public var kind: Kind {
        switch self {
        case .invalidSchema: .invalidSchema
        case .notAStore: .notAStore
        case .database: .database
        case .corruptMetadata: .corruptMetadata
        case .schemaMismatch: .schemaMismatch
        case .undecodableValue: .undecodableValue
        case .nullInRequiredAttribute: .nullInRequiredAttribute
        case .valueMismatch: .valueMismatch
        case .deleteDenied: .deleteDenied
        case .relationshipCount: .relationshipCount
        case .unknownModelType: .unknownModelType
        case .unknownEntity: .unknownEntity
        case .readOnly: .readOnly
        case .unsupportedConfiguration: .unsupportedConfiguration
        }
    }
}
