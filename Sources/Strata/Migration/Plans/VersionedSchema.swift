/// A frozen snapshot of the models at one version; declare it as an enum with the models nested inside.
public protocol VersionedSchema {
    /// The version this snapshot is.
    static var versionIdentifier: Schema.Version { get }
    /// The model types of this version.
    static var models: [any PersistentModel.Type] { get }
}
