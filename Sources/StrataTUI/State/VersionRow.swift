/// One schema of the plan as the Versions pane lists it.
public struct VersionRow: Sendable, Equatable {
    /// "1.0.0" (or "unversioned").
    public var version: String
    /// The number of entities.
    public var entityCount: Int
    /// The first 8 hex digits of the fingerprint.
    public var fingerprint: String
}
