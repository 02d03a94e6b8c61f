/// One schema of the plan as the Versions pane lists it.
package struct VersionRow: Sendable, Equatable {
    /// "1.0.0" (or "unversioned").
    package var version: String
    /// The number of entities.
    package var entityCount: Int
    /// The first 8 hex digits of the fingerprint.
    package var fingerprint: String
}
