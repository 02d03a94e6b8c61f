import Strata

/// A version as it shipped: recorded by `strata freeze`, or read from a store made by the app. The lint compares it
/// with the version of the same identifier in the sources.
package struct ShippedVersion: Sendable {
    /// The schema that shipped, with its version.
    package let schema: Schema
    /// Where it was recorded, for messages ("strata-freeze.json", "the store Notes.store").
    package let recordedIn: String
    /// True for an Apple store's model, which records default values only as samples: defaults are not compared.
    package let besideDefaults: Bool

    /// A shipped version recorded in `recordedIn`.
    package init(schema: Schema, recordedIn: String, besideDefaults: Bool = false) {
        self.schema = schema
        self.recordedIn = recordedIn
        self.besideDefaults = besideDefaults
    }

    /// How `declared` (the sources' schema of this version) differs from what shipped; empty when it is unchanged.
    package func edits(in declared: Schema) -> [SchemaChange] {
        guard besideDefaults || declared.fingerprint != schema.fingerprint else { return [] }
        let diff = SchemaDiff(from: schema, to: declared)
        return besideDefaults ? diff.changesBesideDefaults : diff.changes
    }
}
