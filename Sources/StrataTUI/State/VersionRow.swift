import Strata

/// One schema of the plan as the Versions pane lists it.
package struct VersionRow: Sendable, Equatable {
    /// The version the row is (nil: an unversioned schema); lookups use it, never the label.
    package var version: Schema.Version?
    /// How the row names it: "1.0.0", a Core Data version's name ("Garden 2"), "store 1.0.0" for a store's own
    /// schema; for views only.
    package var label: String
    /// The number of entities.
    package var entityCount: Int
    /// The first 8 hex digits of the fingerprint.
    package var fingerprint: String
}
