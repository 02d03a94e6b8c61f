/// What `ModelContext.model(for:)` returns for an identifier whose row no longer exists.
public final class MissingModel: PersistentModel {
    /// Empty storage.
    public let persistentBackingData: BackingData
    /// Creates the placeholder.
    public init(backingData: BackingData) { persistentBackingData = backingData }
    /// No properties.
    public static var schemaMetadata: [PropertyMetadata] { [] }
}
